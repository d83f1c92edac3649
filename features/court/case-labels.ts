import type { Trx } from "@/lib/db/database";
import type { CapsuleRow, IntegrityLabel } from "@/lib/db/tables/capsules.table";
import type { CourtCaseRow } from "@/lib/db/tables/court.table";
import { getCapsuleOrThrow } from "@/features/capsules/capsules.repository";
import { findOpenCaseOfChain } from "@/features/court/court.repository";
import { applyLabel } from "./labels";

// A label describes the whole revision chain, but the chain allows one open case per capsule id, so two cases
// can contest two versions of one article at once. The label a case found is the one before the first open
// contest, and a case that ends without a finding leaves `contested` while another case still contests the chain.

/** The label a new case on `capsule` records as the one before it: that of the case already contesting its chain, if any. */
export async function labelBeforeContest(trx: Trx, capsule: CapsuleRow): Promise<IntegrityLabel> {
  const contesting = await findOpenCaseOfChain(trx, capsule.root_capsule_id ?? capsule.id);
  return contesting ? contesting.label_before : capsule.integrity_label;
}

/**
 * What becomes of the label after `closed` (already closed in this transaction) ended without a finding: `restore` is
 * the label before it to put back, or null when another case still contests the chain or the label changed since (the
 * author retracted the article) and it stays; `after` is the label the article then has.
 */
export async function labelAfterCase(trx: Trx, closed: CourtCaseRow): Promise<{ restore: IntegrityLabel | null; after: IntegrityLabel }> {
  const current = (await getCapsuleOrThrow(trx, closed.capsule_id)).integrity_label;
  if (current !== "contested" || (await findOpenCaseOfChain(trx, closed.root_capsule_id, closed.id))) return { restore: null, after: current };
  return { restore: closed.label_before, after: closed.label_before };
}

/** Puts `label` back on the chain of `closed` (from labelAfterCase), as a label change of that case. */
export async function restoreLabel(trx: Trx, closed: CourtCaseRow, label: IntegrityLabel, change: { by: string; reason: string; at: number }): Promise<void> {
  await applyLabel(trx, { capsuleId: closed.capsule_id, label, by: change.by, reason: change.reason, caseId: closed.id, at: change.at });
}
