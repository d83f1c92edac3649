import type { DbOrTrx } from "@/lib/db/database";
import type { OutletRow } from "@/lib/db/tables/outlets.table";
import { outletLabelChangesSince, outletLabelChangesUntil } from "@/features/court/court-labels.repository";
import { penaltiesInForce } from "@/features/court/court.repository";
import { taintedLabelsOfChains } from "@/features/capsules/capsules.repository";
import { harsherPenalty, type PenaltyVerdict } from "./penalty-downgrade";

const DAY = 86_400;
/** A misleading/fraudulent label counts against the clean record for a year after it was applied. */
export const CLEAN_RECORD_LOOKBACK_SECONDS = 365 * DAY;
const tainted = ["misleading", "fraudulent"];

/** The tainting labels an outlet's chains carried at `at`, from the label history alone (reproducible after a rebuild). */
async function labelsAt(db: DbOrTrx, outletId: number, at: number): Promise<string[]> {
  const last = new Map<number, { label: string; created_at: number }>();
  for (const change of await outletLabelChangesUntil(db, outletId, at)) last.set(change.root_capsule_id, change);
  const found = [...last.values()].filter((c) => tainted.includes(c.label) && c.created_at >= at - CLEAN_RECORD_LOOKBACK_SECONDS).map((c) => c.label);
  return [...new Set(found)];
}

/**
 * The court's part of an outlet's distribution inputs: the tainting labels its chains still carry
 * that were applied within the lookback (a later correction lifts the label, not the penalty),
 * and the harshest penalty in force. As of a past block (`asOf`) both come from what was recorded
 * by then.
 */
export async function courtDistributionSource(db: DbOrTrx, outlet: OutletRow, now: number, asOf = false): Promise<{ labels: string[]; penalty: PenaltyVerdict | null }> {
  const labels: string[] = [];
  if (asOf) labels.push(...(await labelsAt(db, outlet.id, now)));
  else {
    const changes = await outletLabelChangesSince(db, outlet.id, tainted, now - CLEAN_RECORD_LOOKBACK_SECONDS);
    if (changes.length > 0) {
      const roots = [...new Set(changes.map((c) => c.root_capsule_id))];
      labels.push(...(await taintedLabelsOfChains(db, roots)));
    }
  }
  let penalty: PenaltyVerdict | null = null;
  for (const row of await penaltiesInForce(db, outlet.id, now)) {
    if (!asOf || row.created_at <= now) penalty = harsherPenalty(penalty, row.verdict);
  }
  return { labels, penalty };
}
