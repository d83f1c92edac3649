import type { ExpressionBuilder } from "kysely";
import type { DB, Db } from "@/lib/db/database";

// What the WebSub hub keeps, and for how long. A subscription whose lease ended is marked expired (it
// was still counted active). A request whose callback never confirmed is dropped a day on: anyone may
// ask, and the hub otherwise kept every such row. Denied, unsubscribed and expired subscriptions, and
// finished deliveries, stay 30 days so an outlet's channel status shows them, then go.
export const UNCONFIRMED_RETENTION_SECONDS = 86_400;
export const ENDED_RETENTION_SECONDS = 30 * 86_400;

const ENDED_STATES = ["denied", "unsubscribed", "expired"] as const;

const noLongerServed = (now: number) => (eb: ExpressionBuilder<DB, "websub_subscriptions">) =>
  eb.or([
    eb.and([eb("state", "=", "pending"), eb("updated_at", "<", now - UNCONFIRMED_RETENTION_SECONDS)]),
    eb.and([eb("state", "in", [...ENDED_STATES]), eb("updated_at", "<", now - ENDED_RETENTION_SECONDS)]),
  ]);

/** Marks at most `limit` active subscriptions whose lease ended before `now` as expired (one statement); answers how many. */
export async function expireEndedLeases(db: Db, now: number, limit: number): Promise<number> {
  const ended = db.selectFrom("websub_subscriptions").select("id").where("state", "=", "active").where("expires_at", "<", now).orderBy("id").limit(limit);
  const result = await db
    .updateTable("websub_subscriptions")
    .set({ state: "expired", state_reason: "the lease ended without a renewal", updated_at: now })
    .where("id", "in", ended)
    // checked again on the row: a renewal confirmed meanwhile moved expires_at on
    .where("state", "=", "active")
    .where("expires_at", "<", now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Deletes at most `limit` subscriptions the hub no longer serves (unconfirmed for a day; ended 30 days
 * ago) with their deliveries, in one transaction; the conditions are checked again in the delete, so a
 * request renewed meanwhile stays. Answers how many subscriptions went.
 */
export async function purgeStaleSubscriptions(db: Db, now: number, limit: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const ids = (await trx.selectFrom("websub_subscriptions").select("id").where(noLongerServed(now)).orderBy("id").limit(limit).execute()).map((r) => r.id);
    if (ids.length === 0) return 0;
    await trx.deleteFrom("websub_deliveries").where("subscription_id", "in", ids).execute();
    const result = await trx
      .deleteFrom("websub_subscriptions")
      .where("id", "in", ids)
      .where(noLongerServed(now))
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  });
}

/** Deletes at most `limit` deliveries that were delivered or given up more than 30 days before `now` (one statement). */
export async function purgeFinishedDeliveries(db: Db, now: number, limit: number): Promise<number> {
  const finished = db
    .selectFrom("websub_deliveries")
    .select("id")
    .where("status", "!=", "pending")
    .where("created_at_ms", "<", (now - ENDED_RETENTION_SECONDS) * 1000)
    .orderBy("id")
    .limit(limit);
  const result = await db.deleteFrom("websub_deliveries").where("id", "in", finished).executeTakeFirst();
  return Number(result.numDeletedRows);
}
