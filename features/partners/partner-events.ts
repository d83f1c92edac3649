import { createHash } from "node:crypto";
import type { Trx } from "@/lib/db/database";
import type { CapsuleRow, IntegrityLabel } from "@/lib/db/tables/capsules.table";
import type { PartnerEventType } from "@/lib/db/tables/partners.table";
import { insertPartnerEvent } from "@/features/partners/partner-events.repository";
import { listChain } from "@/features/capsules/capsules.repository";
import { latestPublished } from "@/features/capsules/chain-order";

// The events partner webhooks receive, recorded in the SQL transaction of what caused them (the
// indexer's for a finalization, the court's for a label change), so none is lost to a crash between
// the change and its queueing. The body is fixed here: every attempt and every webhook gets the same
// bytes under the same `webhook-id`, which is how a partner de-duplicates (at-least-once delivery).

/** The Standard Webhooks `webhook-id` of an event: derived from what happened, stable across retries and rebuilds. */
export const messageIdOf = (eventKey: string) => `msg_${createHash("sha256").update(eventKey).digest("hex").slice(0, 32)}`;

const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

async function queueEvent(trx: Trx, type: PartnerEventType, key: string, capsule: Pick<CapsuleRow, "id" | "outlet_id">, occurredAt: number, data: Record<string, unknown>) {
  const eventKey = `${type}:${key}`;
  await insertPartnerEvent(trx, {
    event_key: eventKey,
    message_id: messageIdOf(eventKey),
    event_type: type,
    capsule_id: capsule.id,
    outlet_id: capsule.outlet_id,
    payload_json: JSON.stringify({ type, timestamp: iso(occurredAt), data }),
    occurred_at: occurredAt,
    created_at: Math.floor(Date.now() / 1000),
    outlet_tier: null,
    priority: null,
    fanned_out_at: null,
  });
}

/** `article.finalized`: once per capsule (a replay of the chain writes nothing new). */
export async function recordArticleFinalized(trx: Trx, capsule: CapsuleRow, chain: { txHash: string; blockNumber: number; blockTime: number }): Promise<void> {
  await queueEvent(trx, "article.finalized", String(capsule.id), capsule, chain.blockTime, {
    capsuleId: String(capsule.id),
    articleId: capsule.finalized_article_id,
    outletSlug: capsule.outlet_slug,
    title: capsule.title,
    language: capsule.language,
    capsuleType: capsule.capsule_type,
    parentCapsuleId: capsule.parent_capsule_id === null ? null : String(capsule.parent_capsule_id),
    integrityLabel: capsule.integrity_label,
    readerPath: `/read/${capsule.id}`,
    finalizedAt: String(chain.blockTime),
    txHash: chain.txHash,
    blockNumber: String(chain.blockNumber),
  });
}

export type LabelChange = {
  capsule: Pick<CapsuleRow, "id" | "outlet_id" | "outlet_slug" | "root_capsule_id">;
  label: IntegrityLabel;
  previous: IntegrityLabel;
  reason: string;
  caseId: number | null;
  at: number;
  /** What makes this change unique (a chain log, or the case and time of a court decision). */
  source: string;
};

/**
 * `article.label_changed`: the integrity label of an article's revision chain changed. The label is the article's, so
 * `readerPath` and `currentCapsuleId` name the version readers read now; `capsuleId` stays the version the change was
 * made on (a case's, which may have been corrected since).
 */
export async function recordLabelChanged(trx: Trx, change: LabelChange): Promise<void> {
  if (change.label === change.previous) return;
  const root = change.capsule.root_capsule_id ?? change.capsule.id;
  const current = latestPublished(await listChain(trx, root))?.id ?? change.capsule.id;
  await queueEvent(trx, "article.label_changed", change.source, change.capsule, change.at, {
    capsuleId: String(change.capsule.id),
    rootCapsuleId: String(root),
    outletSlug: change.capsule.outlet_slug,
    label: change.label,
    previousLabel: change.previous,
    reason: change.reason,
    currentCapsuleId: String(current),
    caseId: change.caseId === null ? null : String(change.caseId),
    readerPath: `/read/${current}`,
    changedAt: String(change.at),
  });
}
