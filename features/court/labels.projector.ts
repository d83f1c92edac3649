import type { Projector } from "@/lib/indexer/projector";
import { findCapsule } from "@/features/capsules/capsules.repository";
import { insertLabelHistory } from "@/features/court/court-labels.repository";
import { lastRecordedLabel } from "@/features/court/court-labels.repository";

const authorLabels = { correction: "corrected", retraction: "retracted_by_author" } as const;
const reasons = { correction: "the author published an accepted correction", retraction: "the author retracted the article" } as const;

/**
 * Keeps the label history complete for the labels the capsules projector sets from chain events
 * (`corrected` / `retracted_by_author` when a correction or retraction is finalized). Runs after
 * that projector on every ArticleRegistry event; one row per capsule and label, keyed by the log.
 */
export const projectAuthorLabels: Projector = async (trx, event) => {
  if (event.contract !== "articleRegistry" || typeof event.args.capsuleId !== "string") return;
  const capsule = await findCapsule(trx, Number(event.args.capsuleId));
  if (!capsule || (capsule.capsule_type !== "correction" && capsule.capsule_type !== "retraction")) return;
  const label = authorLabels[capsule.capsule_type];
  if (capsule.integrity_label !== label) return;
  const recorded = await trx
    .selectFrom("integrity_label_history")
    .select("id")
    .where("capsule_id", "=", capsule.id)
    .where("label", "=", label)
    .executeTakeFirst();
  if (recorded) return;
  const rootCapsuleId = capsule.root_capsule_id ?? capsule.id;
  await insertLabelHistory(trx, {
    capsule_id: capsule.id,
    root_capsule_id: rootCapsuleId,
    outlet_id: capsule.outlet_id,
    label,
    previous_label: await lastRecordedLabel(trx, rootCapsuleId),
    applied_by: capsule.submitter,
    reason: `${reasons[capsule.capsule_type]} (capsule ${capsule.id})`,
    case_id: null,
    tx_hash: event.txHash,
    source_key: `${event.txHash}:${event.logIndex}`,
    created_at: event.blockTime,
  });
};
