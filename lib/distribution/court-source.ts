import type { DbOrTrx } from "@/lib/db/database";
import type { OutletRow } from "@/lib/db/tables/outlets.table";
import { outletLabelChangesSince } from "@/lib/db/repositories/court-labels.repository";
import { penaltiesInForce } from "@/lib/db/repositories/court.repository";
import { harsherPenalty, type PenaltyVerdict } from "./penalty-downgrade";

const DAY = 86_400;
/** A misleading/fraudulent label counts against the clean record for a year after it was applied. */
export const CLEAN_RECORD_LOOKBACK_SECONDS = 365 * DAY;
const tainted = ["misleading", "fraudulent"];

/**
 * The court's part of an outlet's distribution inputs: the tainting labels its chains still carry
 * that were applied within the lookback (a later correction lifts the label, not the penalty),
 * and the harshest penalty in force.
 */
export async function courtDistributionSource(db: DbOrTrx, outlet: OutletRow, now: number): Promise<{ labels: string[]; penalty: PenaltyVerdict | null }> {
  const changes = await outletLabelChangesSince(db, outlet.id, tainted, now - CLEAN_RECORD_LOOKBACK_SECONDS);
  const labels: string[] = [];
  if (changes.length > 0) {
    const roots = [...new Set(changes.map((c) => c.root_capsule_id))];
    const current = await db
      .selectFrom("capsules")
      .select(["integrity_label"])
      .where((eb) => eb.or([eb("id", "in", roots), eb("root_capsule_id", "in", roots)]))
      .where("integrity_label", "in", ["misleading", "fraudulent"])
      .execute();
    labels.push(...new Set(current.map((row) => row.integrity_label)));
  }
  let penalty: PenaltyVerdict | null = null;
  for (const row of await penaltiesInForce(db, outlet.id, now)) penalty = harsherPenalty(penalty, row.verdict);
  return { labels, penalty };
}
