import type { DbOrTrx } from "@/lib/db/database";
import type { OutletRow } from "@/lib/db/tables/outlets.table";
import { outletOutcomeCounts } from "@/features/capsules/capsules.repository";

/**
 * The capsules' part of an outlet's distribution inputs: accepted (finalized or later superseded)
 * and rejected capsules that went through a vote on chain. Drafts and pending capsules do not count.
 * As of a past block (`asOf`), only capsules decided by then count.
 */
export async function capsuleOutcomeSource(db: DbOrTrx, outlet: OutletRow, now: number, asOf = false): Promise<{ accepted: number; rejected: number }> {
  return outletOutcomeCounts(db, outlet.id, asOf ? now : undefined);
}
