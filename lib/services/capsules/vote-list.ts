import "server-only";
import type { DatabaseHandle } from "@/lib/db/connection";
import { getCapsuleOrThrow } from "@/lib/db/repositories/capsules.repository";
import { listCapsuleVotes, memberDisplayNames } from "@/lib/db/repositories/capsule-votes.repository";
import { POLICY_NOTE } from "@/lib/capsules/policy";
import { pageOffset, type PageQuery } from "@/lib/schemas/pagination";
import type { TVoteListResponse } from "@/lib/schemas/capsule-votes";
import type { CapsuleRow, VoteRow } from "@/lib/db/tables/capsules.table";
import { capsuleObject, capsulePolicy } from "./capsule-view";

/**
 * GET /api/capsules/:id/votes. The capsule row and the votes are read in one transaction
 * (REPEATABLE READ on PostgreSQL; SQLite transactions are snapshots already), so an indexer batch
 * committing in between cannot make the tally disagree with the voters listed.
 */
export async function votesPage(handle: DatabaseHandle, capsuleId: number, query: PageQuery): Promise<TVoteListResponse> {
  return buildVotesPage(await votesPageRows(handle, capsuleId, query), query);
}

export type VotesPageRows = { row: CapsuleRow; rows: VoteRow[]; total: number; names: [string, string][] };

export async function votesPageRows(handle: DatabaseHandle, capsuleId: number, query: PageQuery): Promise<VotesPageRows> {
  const tx = handle.db.transaction();
  return (handle.dialect === "postgres" ? tx.setIsolationLevel("repeatable read") : tx).execute(async (trx) => {
    const row = await getCapsuleOrThrow(trx, capsuleId);
    const { rows, total } = await listCapsuleVotes(trx, capsuleId, { offset: pageOffset(query), limit: query.limit });
    const names = await memberDisplayNames(trx, row.outlet_slug, [...new Set(rows.map((v) => v.voter))]);
    return { row, rows, total, names: [...names] };
  });
}

export function buildVotesPage({ row, rows, total, names }: VotesPageRows, query: PageQuery): TVoteListResponse {
  const nameOf = new Map(names);
  return {
    ok: true as const,
    capsuleId: String(row.id),
    items: rows.map((v) => ({ voter: v.voter, displayName: nameOf.get(v.voter) ?? null, support: v.support === 1, weight: v.weight, txHash: v.tx_hash, blockTime: String(v.block_time) })),
    page: query.page,
    limit: query.limit,
    total,
    hasMore: pageOffset(query) + rows.length < total,
    capsule: capsuleObject(row),
    policy: { note: POLICY_NOTE, ...capsulePolicy(row) },
  };
}
