import "server-only";
import type { DatabaseHandle } from "@/lib/db/connection";
import type { DbOrTrx } from "@/lib/db/database";
import { PUSHED_VOTE_ROWS, type PushedVotes } from "@/lib/live/live-event";
import type { PushedReads } from "@/lib/live/live-hub";
import { findTallyRows, type TallyRow } from "@/features/capsules/capsules.repository";
import { neverOnChain } from "@/features/capsules/never-on-chain";
import { capsuleTally } from "@/features/capsules/capsule-view";
import { latestCapsuleVotes, memberDisplayNames, voteReasonsOf } from "@/features/voting/capsule-votes.repository";
import { voteItem } from "@/features/voting/vote-list";

/** Above this many capsules a change carries no tallies: pages re-read, and one event stays small for every stream. */
export const MAX_PUSHED_TALLIES = 100;
/** Above this many capsules a change carries tallies but no voter rows (one read per capsule). */
export const MAX_PUSHED_VOTE_LISTS = 10;

const publicRows = async (db: DbOrTrx, capsuleIds: string[]): Promise<TallyRow[] | undefined> => {
  const ids = [...new Set(capsuleIds.filter((id) => /^[0-9]{1,15}$/.test(id)).map(Number))];
  if (ids.length === 0 || ids.length > MAX_PUSHED_TALLIES) return undefined;
  return (await findTallyRows(db, ids)).filter((row) => !neverOnChain(row)).sort((a, b) => a.id - b.id);
};

/** Each capsule's vote count and newest rows, as its vote list shows them (names at its outlet, signed reasons). */
async function votesOf(db: DbOrTrx, rows: TallyRow[]): Promise<PushedVotes[]> {
  const pushed: PushedVotes[] = [];
  for (const row of rows) {
    const { latest, total } = await latestCapsuleVotes(db, row.id, PUSHED_VOTE_ROWS);
    const voters = [...new Set(latest.map((v) => v.voter))];
    const names = await memberDisplayNames(db, row.outlet_slug, voters);
    const reasons = await voteReasonsOf(db, row.id, voters);
    pushed.push({ capsuleId: String(row.id), total, latest: latest.map((v) => voteItem(v, names, reasons)) });
  }
  return pushed;
}

/**
 * What a change holding votes carries: the tallies of the named capsules an anonymous read may see,
 * and (for at most MAX_PUSHED_VOTE_LISTS capsules) their vote counts and newest voter rows, all read in
 * one snapshot (REPEATABLE READ on PostgreSQL) so a page that takes both shows a tally that matches its
 * voters, as one read of the vote list would. Every stream gets the same event, signed in or not, so a
 * capsule that never reached the chain (private for ever, features/capsules/never-on-chain.ts) is left
 * out, as is an id with no row.
 */
export async function readPushedVotes(
  handle: Pick<DatabaseHandle, "db" | "dialect">,
  capsuleIds: string[],
  maxVoteLists = MAX_PUSHED_VOTE_LISTS,
): Promise<PushedReads> {
  const tx = handle.db.transaction();
  return (handle.dialect === "postgres" ? tx.setIsolationLevel("repeatable read") : tx).execute(async (trx) => {
    const rows = await publicRows(trx, capsuleIds);
    if (!rows) return {};
    const tallies = rows.map((row) => ({ capsuleId: String(row.id), ...capsuleTally(row) }));
    return rows.length > maxVoteLists ? { tallies } : { tallies, votes: await votesOf(trx, rows) };
  });
}
