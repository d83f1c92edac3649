import "server-only";
import type { DatabaseHandle } from "@/lib/db/connection";
import { getCapsuleOrThrow } from "@/features/capsules/capsules.repository";
import { listCapsuleVotes, memberDisplayNames, voteReasonsOf } from "@/features/voting/capsule-votes.repository";
import { POLICY_NOTE } from "@/features/capsules/policy";
import { pageOffset, type PageQuery } from "@/lib/schemas/pagination";
import type { TVoteItem, TVoteListResponse } from "@/features/voting/capsule-votes.schema";
import type { CapsuleRow, VoteReasonRow, VoteRow } from "@/lib/db/tables/capsules.table";
import { capsuleObject, capsulePolicy } from "@/features/capsules/capsule-view";

/**
 * GET /api/capsules/:id/votes. The capsule row and the votes are read in one transaction
 * (REPEATABLE READ on PostgreSQL; SQLite transactions are snapshots already), so an indexer batch
 * committing in between cannot make the tally disagree with the voters listed.
 */
export async function votesPage(handle: DatabaseHandle, capsuleId: number, query: PageQuery): Promise<TVoteListResponse> {
  return buildVotesPage(await votesPageRows(handle, capsuleId, query), query);
}

export type VotesPageRows = { row: CapsuleRow; rows: VoteRow[]; total: number; names: [string, string][]; reasons: VoteReasonRow[] };

export async function votesPageRows(handle: DatabaseHandle, capsuleId: number, query: PageQuery): Promise<VotesPageRows> {
  const tx = handle.db.transaction();
  return (handle.dialect === "postgres" ? tx.setIsolationLevel("repeatable read") : tx).execute(async (trx) => {
    const row = await getCapsuleOrThrow(trx, capsuleId);
    const { rows, total } = await listCapsuleVotes(trx, capsuleId, { offset: pageOffset(query), limit: query.limit });
    const voters = [...new Set(rows.map((v) => v.voter))];
    const names = await memberDisplayNames(trx, row.outlet_slug, voters);
    const reasons = await voteReasonsOf(trx, capsuleId, voters);
    return { row, rows, total, names: [...names], reasons };
  });
}

/** A stored reason counts only for the choice the chain recorded (it was signed for that ballot). */
export const voteReasonOf = (vote: VoteRow, reasons: VoteReasonRow[]) => {
  const found = reasons.find((r) => r.voter === vote.voter && r.support === vote.support);
  return found ? { text: found.reason, ballotNonce: found.ballot_nonce, signature: found.signature } : null;
};

/** One voter as the votes list and the reader page show it. */
export const voteItem = (v: VoteRow, nameOf: Map<string, string>, reasons: VoteReasonRow[]): TVoteItem => ({
  voter: v.voter,
  displayName: nameOf.get(v.voter) ?? null,
  support: v.support === 1,
  weight: v.weight,
  txHash: v.tx_hash,
  blockTime: String(v.block_time),
  reason: voteReasonOf(v, reasons),
});

export function buildVotesPage({ row, rows, total, names, reasons }: VotesPageRows, query: PageQuery): TVoteListResponse {
  const nameOf = new Map(names);
  return {
    ok: true as const,
    capsuleId: String(row.id),
    items: rows.map((v) => voteItem(v, nameOf, reasons)),
    page: query.page,
    limit: query.limit,
    total,
    hasMore: pageOffset(query) + rows.length < total,
    capsule: capsuleObject(row),
    policy: { note: POLICY_NOTE, ...capsulePolicy(row) },
  };
}
