import type { BountyEvaluationRow, BountyProposalRow, NewBountyEvaluation, NewBountyProposal } from "@/lib/db/tables/bounty.table";
import type { BountyEvaluation, BountyEvaluationExport, BountyProposal, BountyProposalExport } from "@/features/bounty/bounty.schema";

// The one place that turns bounty rows into API records and back. The read path hands the result
// to the response schemas, so a row that does not hold a valid record never reaches a client.
// bigint columns arrive as number (SQLite, pg with a parser) or string (pg default): String() fits both.
// `sample` is absent on a database the web server has not migrated yet: such rows are not samples.
const isSample = (value: number | undefined) => Number(value ?? 0) === 1;

export function proposalFromRow(row: BountyProposalRow): Record<keyof BountyProposal, unknown> {
  return {
    id: row.id,
    title: row.title,
    summary: row.summary,
    capsuleId: row.capsule_id,
    outletSlug: row.outlet_slug,
    rewardAmount: row.reward_amount,
    rewardToken: row.reward_token,
    proposer: row.proposer,
    status: row.status,
    createdAt: String(row.created_at),
    updatedAt: String(row.updated_at),
    sample: isSample(row.sample),
  };
}

export function evaluationFromRow(row: BountyEvaluationRow): Record<keyof BountyEvaluation, unknown> {
  return {
    id: row.id,
    proposalId: row.proposal_id,
    evaluator: row.evaluator,
    score: Number(row.score),
    verdict: row.verdict,
    rationale: row.rationale,
    createdAt: String(row.created_at),
    sample: isSample(row.sample),
  };
}

export function proposalToRow(p: BountyProposalExport, sample: boolean): NewBountyProposal {
  return {
    id: p.id,
    title: p.title,
    summary: p.summary,
    capsule_id: p.capsuleId,
    outlet_slug: p.outletSlug,
    reward_amount: p.rewardAmount,
    reward_token: p.rewardToken,
    proposer: p.proposer,
    status: p.status,
    created_at: Number(p.createdAt),
    updated_at: Number(p.updatedAt),
    sample: sample ? 1 : 0,
  };
}

export function evaluationToRow(e: BountyEvaluationExport, sample: boolean): NewBountyEvaluation {
  return {
    id: e.id,
    proposal_id: e.proposalId,
    evaluator: e.evaluator,
    score: e.score,
    verdict: e.verdict,
    rationale: e.rationale,
    created_at: Number(e.createdAt),
    sample: sample ? 1 : 0,
  };
}
