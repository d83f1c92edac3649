import type { Generated, Insertable, Selectable } from "kysely";

export type WebSubState = "pending" | "active" | "denied" | "unsubscribed" | "expired";
export type WebSubDeliveryStatus = "pending" | "delivered" | "failed";

/** One WebSub subscription: a callback's interest in one of the hub's feeds (topic URL as subscribed). */
export interface WebSubSubscriptionTable {
  id: Generated<number>;
  topic: string;
  /** The outlet of an outlet feed topic; null for the network feeds. */
  outlet_id: number | null;
  callback: string;
  /** hub.secret of the subscriber, the HMAC key of X-Hub-Signature; never answered by any route. */
  secret: string | null;
  lease_seconds: number;
  state: WebSubState;
  state_reason: string | null;
  expires_at: number | null;
  created_at: number;
  updated_at: number;
}

/** One content distribution to one subscription, retried with back-off until delivered or given up. */
export interface WebSubDeliveryTable {
  id: Generated<number>;
  subscription_id: number;
  /** What caused it: "label" (an article's label changed) or "article" (a new article). */
  reason: string;
  capsule_ids_json: string;
  status: WebSubDeliveryStatus;
  attempts: Generated<number>;
  next_attempt_at_ms: number;
  last_status: number | null;
  last_error: string | null;
  created_at_ms: number;
  delivered_at_ms: number | null;
}

/** Per topic URL, the digest of the feed last queued for its subscribers: a topic is pushed only when it differs. */
export interface WebSubTopicDigestTable {
  topic: string;
  /** sha256 (hex) of the feed document, dated independently of when it was built. */
  digest: string;
  updated_at: number;
}

export interface WebSubTables {
  websub_subscriptions: WebSubSubscriptionTable;
  websub_deliveries: WebSubDeliveryTable;
  websub_topic_digests: WebSubTopicDigestTable;
}

export type WebSubSubscriptionRow = Selectable<WebSubSubscriptionTable>;
export type NewWebSubSubscription = Insertable<WebSubSubscriptionTable>;
export type WebSubDeliveryRow = Selectable<WebSubDeliveryTable>;
