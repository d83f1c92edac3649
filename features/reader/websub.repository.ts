import type { DbOrTrx, Trx } from "@/lib/db/database";
import { dialectOf } from "@/lib/db/dialect";
import { takeTransactionLock } from "@/lib/db/server-functions";
import type { NewWebSubSubscription, WebSubDeliveryRow, WebSubState, WebSubSubscriptionRow } from "@/lib/db/tables/websub.table";

// The WebSub hub's subscriptions and deliveries (websub_subscriptions, websub_deliveries).

// Arbitrary constant key of the PostgreSQL advisory lock that serializes new subscriptions (the limits' count and the insert).
const SUBSCRIPTION_LIMITS_LOCK_KEY = 77_117_040;

/**
 * Holds subscription requests one at a time until `trx` ends, across servers on one PostgreSQL (a transaction-level
 * advisory lock); SQLite needs nothing: one connection, whose transaction runs alone (better-sqlite3, one writer).
 */
export async function lockSubscriptionLimits(trx: Trx): Promise<void> {
  if (dialectOf(trx) === "postgres") await takeTransactionLock(trx, SUBSCRIPTION_LIMITS_LOCK_KEY);
}

/**
 * Records a subscription request (pending until the subscriber confirms); a repeated request for the same topic and
 * callback (`existing`, as findSubscription read it) replaces its parameters.
 */
export async function upsertPendingSubscription(db: DbOrTrx, values: NewWebSubSubscription, existing: WebSubSubscriptionRow | undefined): Promise<WebSubSubscriptionRow> {
  if (!existing) return db.insertInto("websub_subscriptions").values(values).returningAll().executeTakeFirstOrThrow();
  // an active subscription stays active (and keeps delivering) until the renewal is confirmed; the request's secret and
  // lease take effect only then (setSubscriptionState): anyone may send a request naming someone else's callback
  return db
    .updateTable("websub_subscriptions")
    .set({ outlet_id: values.outlet_id, updated_at: values.updated_at, ...(existing.state === "active" ? {} : { state: "pending", state_reason: null }) })
    .where("id", "=", existing.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * How long a request that was not confirmed counts as live: its verification runs at once after the 202 and gives up
 * after 10 s, so a request still pending this long after it was made was not confirmed and never will be by itself.
 */
export const VERIFICATION_WINDOW_SECONDS = 300;

/** Whether a subscription counts against the hub's limits at `nowSeconds`: active with its lease running, or requested within the verification window. */
export const isLiveSubscription = (row: Pick<WebSubSubscriptionRow, "state" | "expires_at" | "updated_at">, nowSeconds: number): boolean =>
  (row.state === "active" && (row.expires_at ?? 0) > nowSeconds) || (row.state === "pending" && row.updated_at > nowSeconds - VERIFICATION_WINDOW_SECONDS);

/** The callback prefixes of one host name on any port and either scheme; a trailing dot names the same host. */
function callbackPrefixesOf(hostname: string): string[] {
  const name = hostname.replace(/\.$/, "");
  return ["http", "https"].flatMap((scheme) => [name, `${name}.`].flatMap((n) => [`${scheme}://${n}/`, `${scheme}://${n}:`]));
}

/**
 * Live subscriptions (see isLiveSubscription): in all, and those whose callback is on host name `hostname` on any port
 * (one name on many ports is one subscriber).
 */
export async function liveSubscriptionCounts(db: DbOrTrx, hostname: string, nowSeconds: number): Promise<{ total: number; onHost: number }> {
  const prefixes = callbackPrefixesOf(hostname);
  const row = await db
    .selectFrom("websub_subscriptions")
    .select((eb) => [
      eb.fn.countAll<number | string>().as("total"),
      eb.fn
        .sum<number | string | null>(
          eb.case().when(eb.or(prefixes.map((prefix) => eb(eb.fn("substr", ["callback", eb.val(1), eb.val(prefix.length)]), "=", prefix)))).then(1).else(0).end(),
        )
        .as("on_host"),
    ])
    .where((eb) =>
      eb.or([
        eb.and([eb("state", "=", "pending"), eb("updated_at", ">", nowSeconds - VERIFICATION_WINDOW_SECONDS)]),
        eb.and([eb("state", "=", "active"), eb("expires_at", ">", nowSeconds)]),
      ]),
    )
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), onHost: Number(row.on_host ?? 0) };
}

export async function findSubscription(db: DbOrTrx, topic: string, callback: string): Promise<WebSubSubscriptionRow | undefined> {
  return db.selectFrom("websub_subscriptions").selectAll().where("topic", "=", topic).where("callback", "=", callback).executeTakeFirst();
}

export async function subscriptionStateOf(db: DbOrTrx, id: number): Promise<{ state: WebSubState } | undefined> {
  return db.selectFrom("websub_subscriptions").select("state").where("id", "=", id).executeTakeFirst();
}

export async function setSubscriptionState(
  db: DbOrTrx,
  id: number,
  state: WebSubState,
  at: number,
  extra: { expiresAt?: number | null; reason?: string | null; confirmed?: { secret: string | null; leaseSeconds: number } } = {},
): Promise<void> {
  await db
    .updateTable("websub_subscriptions")
    .set({
      state,
      updated_at: at,
      ...(extra.expiresAt !== undefined ? { expires_at: extra.expiresAt } : {}),
      ...(extra.reason !== undefined ? { state_reason: extra.reason } : {}),
      ...(extra.confirmed ? { secret: extra.confirmed.secret, lease_seconds: extra.confirmed.leaseSeconds } : {}),
    })
    .where("id", "=", id)
    .execute();
}

/** Active, unexpired subscriptions to any of `topicPaths` (topics are compared by path: one hub serves every origin it answers on). */
export async function activeSubscriptionsOf(db: DbOrTrx, topicPaths: string[], nowSeconds: number, every = false): Promise<WebSubSubscriptionRow[]> {
  const rows = await db.selectFrom("websub_subscriptions").selectAll().where("state", "=", "active").where("expires_at", ">", nowSeconds).execute();
  return every ? rows : rows.filter((row) => topicPaths.includes(new URL(row.topic).pathname));
}

export async function insertDeliveries(db: DbOrTrx, rows: Array<{ subscriptionId: number; reason: string; capsuleIds: string[] }>, nowMs: number): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto("websub_deliveries")
    .values(
      rows.map((r) => ({
        subscription_id: r.subscriptionId,
        reason: r.reason,
        capsule_ids_json: JSON.stringify(r.capsuleIds),
        status: "pending" as const,
        next_attempt_at_ms: nowMs,
        last_status: null,
        last_error: null,
        created_at_ms: nowMs,
        delivered_at_ms: null,
      })),
    )
    .execute();
}

/** The digests of the feeds last queued for these topic URLs. */
export async function topicDigests(db: DbOrTrx, topics: string[]): Promise<Map<string, string>> {
  if (topics.length === 0) return new Map();
  const rows = await db.selectFrom("websub_topic_digests").select(["topic", "digest"]).where("topic", "in", topics).execute();
  return new Map(rows.map((row) => [row.topic, row.digest]));
}

export async function saveTopicDigest(db: DbOrTrx, topic: string, digest: string, at: number): Promise<void> {
  await db
    .insertInto("websub_topic_digests")
    .values({ topic, digest, updated_at: at })
    .onConflict((oc) => oc.column("topic").doUpdateSet({ digest, updated_at: at }))
    .execute();
}

export type DueDelivery = WebSubDeliveryRow & { topic: string; callback: string; secret: string | null };

export async function dueDeliveries(db: DbOrTrx, nowMs: number, limit: number): Promise<DueDelivery[]> {
  return db
    .selectFrom("websub_deliveries as d")
    .innerJoin("websub_subscriptions as s", "s.id", "d.subscription_id")
    .selectAll("d")
    .select(["s.topic", "s.callback", "s.secret"])
    .where("d.status", "=", "pending")
    .where("d.next_attempt_at_ms", "<=", nowMs)
    .orderBy("d.id", "asc")
    .limit(limit)
    .execute();
}

export async function markDelivered(db: DbOrTrx, id: number, status: number, nowMs: number): Promise<void> {
  await db
    .updateTable("websub_deliveries")
    .set((eb) => ({ status: "delivered", attempts: eb("attempts", "+", 1), last_status: status, last_error: null, delivered_at_ms: nowMs }))
    .where("id", "=", id)
    .execute();
}

export async function markAttemptFailed(db: DbOrTrx, id: number, failure: { status: number | null; error: string; nextAttemptAtMs: number | null }): Promise<void> {
  await db
    .updateTable("websub_deliveries")
    .set((eb) => ({
      status: failure.nextAttemptAtMs === null ? "failed" : "pending",
      attempts: eb("attempts", "+", 1),
      last_status: failure.status,
      last_error: failure.error,
      next_attempt_at_ms: failure.nextAttemptAtMs ?? 0,
    }))
    .where("id", "=", id)
    .execute();
}

export type ChannelCounts = { subscribers: Record<WebSubState, number>; deliveries: { pending: number; delivered: number; failed: number }; lastDeliveredAtMs: number | null; lastError: string | null };

/** Subscriptions and deliveries of an outlet's feed topics, by state (for its channel status). */
export async function outletChannelCounts(db: DbOrTrx, outletId: number): Promise<ChannelCounts> {
  const subs = await db.selectFrom("websub_subscriptions").select(["id", "state"]).where("outlet_id", "=", outletId).execute();
  const subscribers: ChannelCounts["subscribers"] = { pending: 0, active: 0, denied: 0, unsubscribed: 0, expired: 0 };
  for (const s of subs) subscribers[s.state] += 1;
  const counts: ChannelCounts = { subscribers, deliveries: { pending: 0, delivered: 0, failed: 0 }, lastDeliveredAtMs: null, lastError: null };
  if (subs.length === 0) return counts;
  const ids = subs.map((s) => s.id);
  const byStatus = await db
    .selectFrom("websub_deliveries")
    .select(["status", (eb) => eb.fn.countAll<string | number>().as("n"), (eb) => eb.fn.max("delivered_at_ms").as("last")])
    .where("subscription_id", "in", ids)
    .groupBy("status")
    .execute();
  for (const row of byStatus) {
    counts.deliveries[row.status] = Number(row.n);
    if (row.status === "delivered" && row.last !== null) counts.lastDeliveredAtMs = Number(row.last);
  }
  const failing = await db
    .selectFrom("websub_deliveries")
    .select("last_error")
    .where("subscription_id", "in", ids)
    .where("last_error", "is not", null)
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  counts.lastError = failing?.last_error ?? null;
  return counts;
}
