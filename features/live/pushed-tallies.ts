import "server-only";
import type { DbOrTrx } from "@/lib/db/database";
import type { LiveTally } from "@/lib/live/live-event";
import { findTallyRows } from "@/features/capsules/capsules.repository";
import { neverOnChain } from "@/features/capsules/never-on-chain";
import { capsuleTally } from "@/features/capsules/capsule-view";

/** Above this many capsules a change carries no tallies: pages re-read, and one event stays small for every stream. */
export const MAX_PUSHED_TALLIES = 100;

/**
 * The tallies a pushed change carries: those of the named capsules that an anonymous read may see.
 * Every stream gets the same event, signed in or not, so a capsule that never reached the chain
 * (private for ever, features/capsules/never-on-chain.ts) is left out, as is an id with no row.
 */
export async function readPushedTallies(db: DbOrTrx, capsuleIds: string[]): Promise<LiveTally[] | undefined> {
  const ids = [...new Set(capsuleIds.filter((id) => /^[0-9]{1,15}$/.test(id)).map(Number))];
  if (ids.length === 0 || ids.length > MAX_PUSHED_TALLIES) return undefined;
  const rows = await findTallyRows(db, ids);
  return rows
    .filter((row) => !neverOnChain(row))
    .sort((a, b) => a.id - b.id)
    .map((row) => ({ capsuleId: String(row.id), ...capsuleTally(row) }));
}
