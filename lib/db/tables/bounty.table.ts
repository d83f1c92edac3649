import type { Generated, Insertable, Selectable } from "kysely";

/** One bounty proposal; reward_amount is a uint256 in wei as decimal text. */
export interface BountyProposalTable {
  id: string;
  title: string;
  summary: string;
  capsule_id: string | null;
  outlet_slug: string | null;
  reward_amount: string;
  /** "native" or an ERC-20 contract address. */
  reward_token: string;
  proposer: string;
  status: string;
  created_at: number;
  updated_at: number;
  /** 1 for the bundled demonstration records (migration 2026-11-24-0510). */
  sample: Generated<number>;
}

export interface BountyEvaluationTable {
  id: string;
  proposal_id: string;
  evaluator: string;
  score: number;
  verdict: string;
  rationale: string;
  created_at: number;
  /** 1 for the bundled demonstration records (migration 2026-11-24-0510). */
  sample: Generated<number>;
}

export interface BountyTables {
  bounty_proposals: BountyProposalTable;
  bounty_evaluations: BountyEvaluationTable;
}

export type BountyProposalRow = Selectable<BountyProposalTable>;
export type NewBountyProposal = Insertable<BountyProposalTable>;
export type BountyEvaluationRow = Selectable<BountyEvaluationTable>;
export type NewBountyEvaluation = Insertable<BountyEvaluationTable>;
