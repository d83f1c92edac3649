import type { Generated, Insertable, Selectable } from "kysely";

/** Event types a partner webhook can subscribe to. */
export const partnerEventTypes = ["article.finalized", "article.label_changed"] as const;
export type PartnerEventType = (typeof partnerEventTypes)[number];

/**
 * pending: waiting for its next attempt · delivering: claimed by the dispatcher until lease_until
 * (a crash leaves it so; it becomes pending again) · delivered: a 2xx answer · failed: out of attempts.
 */
export const deliveryStatuses = ["pending", "delivering", "delivered", "failed"] as const;
export type DeliveryStatus = (typeof deliveryStatuses)[number];

/** A partner's webhook endpoint, registered by the bridge operator. */
export interface PartnerWebhookTable {
  id: Generated<number>;
  /** Checksummed wallet of the partner: it may read the webhook's deliveries. */
  partner_wallet: string;
  url: string;
  /** `new URL(url).href`: what "the same URL" means; unique among enabled webhooks (partial unique index). */
  url_key: string;
  /** The Standard Webhooks signing secret (`whsec_…`), chosen by the partner; never answered. */
  secret: string;
  /** JSON array of PartnerEventType. */
  event_types_json: string;
  description: string | null;
  created_by: string;
  created_at: number;
  disabled_at: number | null;
}

/** One event for partners, written in the transaction that caused it; fanned out to webhooks later. */
export interface PartnerEventTable {
  id: Generated<number>;
  /** What happened, once: `article.finalized:<capsule>` or `article.label_changed:<source>`. */
  event_key: string;
  /** The Standard Webhooks `webhook-id`, the same on every attempt and every webhook. */
  message_id: string;
  event_type: PartnerEventType;
  capsule_id: number | null;
  outlet_id: number | null;
  /** `{ type, timestamp, data }`: the exact JSON body every webhook receives. */
  payload_json: string;
  occurred_at: number;
  created_at: number;
  /** The outlet's distribution tier when the event was fanned out, and the queue priority it gave. */
  outlet_tier: string | null;
  priority: number | null;
  fanned_out_at: number | null;
}

/** One event for one webhook: the durable queue (times in milliseconds). */
export interface PartnerDeliveryTable {
  id: Generated<number>;
  webhook_id: number;
  event_id: number;
  message_id: string;
  event_type: PartnerEventType;
  /** 0 first: Premium outlets' events, then Elevated, Standard, none. */
  priority: number;
  status: DeliveryStatus;
  attempts: Generated<number>;
  next_attempt_at: number;
  lease_until: number | null;
  last_attempt_at: number | null;
  last_status: number | null;
  last_error: string | null;
  delivered_at: number | null;
  created_at: number;
}

export interface PartnerTables {
  partner_webhooks: PartnerWebhookTable;
  partner_events: PartnerEventTable;
  partner_deliveries: PartnerDeliveryTable;
}

export type PartnerWebhookRow = Selectable<PartnerWebhookTable>;
export type NewPartnerWebhook = Insertable<PartnerWebhookTable>;
export type PartnerEventRow = Selectable<PartnerEventTable>;
export type NewPartnerEvent = Insertable<PartnerEventTable>;
export type PartnerDeliveryRow = Selectable<PartnerDeliveryTable>;
export type NewPartnerDelivery = Insertable<PartnerDeliveryTable>;
