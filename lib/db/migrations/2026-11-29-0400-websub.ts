import type { Kysely } from "kysely";
import { autoId } from "./dialect";

// Issue 29: the WebSub hub. A subscription is one (topic, callback) pair: pending until the
// subscriber confirmed its intent, then active until its lease ends or it unsubscribes. A delivery
// is one content distribution to one subscription, kept until it was delivered or given up, so a
// retry with back-off survives a restart and an outlet can see its channels' status.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("websub_subscriptions")
    .addColumn("id", "integer", autoId(db))
    .addColumn("topic", "text", (c) => c.notNull())
    .addColumn("outlet_id", "integer", (c) => c.references("outlets.id"))
    .addColumn("callback", "text", (c) => c.notNull())
    .addColumn("secret", "text")
    .addColumn("lease_seconds", "integer", (c) => c.notNull())
    .addColumn("state", "text", (c) => c.notNull())
    .addColumn("state_reason", "text")
    .addColumn("expires_at", "bigint")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .addUniqueConstraint("websub_subscriptions_topic_callback_key", ["topic", "callback"])
    .execute();
  await db.schema
    .createTable("websub_deliveries")
    .addColumn("id", "integer", autoId(db))
    .addColumn("subscription_id", "integer", (c) => c.notNull().references("websub_subscriptions.id"))
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("capsule_ids_json", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at_ms", "bigint", (c) => c.notNull())
    .addColumn("last_status", "integer")
    .addColumn("last_error", "text")
    .addColumn("created_at_ms", "bigint", (c) => c.notNull())
    .addColumn("delivered_at_ms", "bigint")
    .execute();
  await db.schema.createIndex("websub_deliveries_due_idx").on("websub_deliveries").columns(["status", "next_attempt_at_ms"]).execute();
  await db.schema.createIndex("websub_deliveries_subscription_idx").on("websub_deliveries").columns(["subscription_id", "id"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("websub_deliveries").ifExists().execute();
  await db.schema.dropTable("websub_subscriptions").ifExists().execute();
}
