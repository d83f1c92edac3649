import type { Trx } from "@/lib/db/database";
import type { CapsuleRow, IntegrityLabel } from "@/lib/db/tables/capsules.table";
import type { CourtCaseRow } from "@/lib/db/tables/court.table";
import { getCapsuleOrThrow } from "@/features/capsules/capsules.repository";
import { findLatestCaseOfChain, findOpenCaseOfChain } from "@/features/court/court.repository";
import { applyLabel } from "./labels";

// A label describes the whole revision chain, but the chain allows one open case per capsule id, so two cases
// can contest two versions of one article at once, and one of them may end with a verdict while the other is
// still open. The label a case records as the one before it is the last label the chain had uncontested, which
// is what the case opened last recorded when the chain is contested already; a case that ends without a finding
// leaves `contested` while another case still contests the chain, and the last one to end puts back what the
// case opened last recorded (a verdict given while it was open is not `contested`, so it is never put back over).

/** The label a new case on `capsule` records as the one before it: the chain's own unless it is contested already. */
export async function labelBeforeContest(trx: Trx, capsule: CapsuleRow): Promise<IntegrityLabel> {
  if (capsule.integrity_label !== "contested") return capsule.integrity_label;
  return (await findLatestCaseOfChain(trx, capsule.root_capsule_id ?? capsule.id))?.label_before ?? capsule.integrity_label;
}

/**
 * What becomes of the label after `closed` (already closed in this transaction) ended without a finding: `restore` is
 * the label to put back (that recorded by the chain's latest case), or null when another case still contests the chain
 * or the label changed since (a verdict on another case, or the author retracted the article) and it stays; `after` is
 * the label the article then has.
 */
export async function labelAfterCase(trx: Trx, closed: CourtCaseRow): Promise<{ restore: IntegrityLabel | null; after: IntegrityLabel }> {
  const current = (await getCapsuleOrThrow(trx, closed.capsule_id)).integrity_label;
  if (current !== "contested" || (await findOpenCaseOfChain(trx, closed.root_capsule_id, closed.id))) return { restore: null, after: current };
  // `closed` is a case of the chain, so there is a latest one
  const restore = (await findLatestCaseOfChain(trx, closed.root_capsule_id))!.label_before;
  return { restore, after: restore };
}

/** Puts `label` back on the chain of `closed` (from labelAfterCase), as a label change of that case. */
export async function restoreLabel(trx: Trx, closed: CourtCaseRow, label: IntegrityLabel, change: { by: string; reason: string; at: number }): Promise<void> {
  await applyLabel(trx, { capsuleId: closed.capsule_id, label, by: change.by, reason: change.reason, caseId: closed.id, at: change.at });
}
