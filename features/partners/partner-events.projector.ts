import { findCapsule } from "@/features/capsules/capsules.repository";
import { labelHistoryBySource } from "@/features/court/court-labels.repository";
import { recordArticleFinalized, recordLabelChanged } from "@/features/partners/partner-events";
import { eventKind, type Projector } from "@/lib/indexer/projector";

/**
 * A finalization queues `article.finalized` for partner webhooks in the indexer's own transaction
 * (after projectCapsules and projectAuthorLabels), and the label a finalized correction or retraction
 * gave its chain queues `article.label_changed`. Keyed by capsule and log: a replay queues nothing again.
 */
export const projectPartnerEvents: Projector = async (trx, event) => {
  if (eventKind(event) !== "articleRegistry:CapsuleFinalized" || typeof event.args.capsuleId !== "string") return;
  const capsule = await findCapsule(trx, Number(event.args.capsuleId));
  if (!capsule || capsule.status !== "finalized") return;
  await recordArticleFinalized(trx, capsule, { txHash: event.txHash, blockNumber: event.blockNumber, blockTime: event.blockTime });
  const source = `${event.txHash}:${event.logIndex}`;
  const label = await labelHistoryBySource(trx, source);
  if (label) {
    await recordLabelChanged(trx, { capsule, label: label.label, previous: label.previous_label, reason: label.reason, caseId: null, at: label.created_at, source: `chain:${source}` });
  }
};
