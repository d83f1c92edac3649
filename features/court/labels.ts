import type { Trx } from "@/lib/db/database";
import type { IntegrityLabel } from "@/lib/db/tables/capsules.table";
import { getCapsuleOrThrow, labelChain } from "@/features/capsules/capsules.repository";
import { insertLabelHistory, listLabelHistory } from "@/features/court/court-labels.repository";
import { insertCaseEvent } from "@/features/court/court.repository";
import { recordLabelChanged } from "@/features/partners/partner-events";

export type ApplyLabel = {
  capsuleId: number;
  label: IntegrityLabel;
  /** Checksummed address that caused the change (the opener, JuryCourt for a final finding, the operator retiring a clerk case, or the correcting author). */
  by: string;
  reason: string;
  caseId: number | null;
  at: number;
  txHash?: string | null;
};

/**
 * Sets the integrity label of the capsule's whole revision chain (labels describe the article,
 * docs/ARCHITECTURE.md, "States" and docs/DECISIONS.md) and keeps the change in the label history, in the caller's
 * transaction. With a case id the change is also an entry of the case's timeline.
 */
export async function applyLabel(trx: Trx, change: ApplyLabel): Promise<{ previous: IntegrityLabel; rootCapsuleId: number }> {
  const capsule = await getCapsuleOrThrow(trx, change.capsuleId);
  const rootCapsuleId = capsule.root_capsule_id ?? capsule.id;
  const previous = capsule.integrity_label;
  await labelChain(trx, rootCapsuleId, change.label, change.at);
  await insertLabelHistory(trx, {
    capsule_id: capsule.id,
    root_capsule_id: rootCapsuleId,
    outlet_id: capsule.outlet_id,
    label: change.label,
    previous_label: previous,
    applied_by: change.by,
    reason: change.reason,
    case_id: change.caseId,
    tx_hash: change.txHash ?? null,
    source_key: null,
    created_at: change.at,
  });
  // partner webhooks hear of it from the same transaction (features/partners)
  await recordLabelChanged(trx, {
    capsule,
    label: change.label,
    previous,
    reason: change.reason,
    caseId: change.caseId,
    at: change.at,
    source: `court:${change.caseId ?? "none"}:${capsule.id}:${change.label}:${change.at}`,
  });
  if (change.caseId !== null) {
    await insertCaseEvent(trx, {
      caseId: change.caseId,
      kind: "label_changed",
      actor: change.by,
      details: { capsuleId: String(capsule.id), rootCapsuleId: String(rootCapsuleId), from: previous, to: change.label, reason: change.reason },
      txHash: change.txHash ?? null,
      at: change.at,
    });
  }
  return { previous, rootCapsuleId };
}
