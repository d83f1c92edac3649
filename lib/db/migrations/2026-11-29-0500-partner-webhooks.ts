import type { Kysely } from "kysely";
import { autoId } from "./dialect";

// Partner streams (issue 29 item 3): webhooks the operator registers for a partner, the events
// (an article finalized, a label change) written in the same transaction as what caused them, and one
// delivery row per webhook and event: the durable queue the leader's dispatcher works through.
// Times of the queue (next_attempt_at, lease_until, …) are milliseconds: retries back off from one second.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("partner_webhooks")
    .addColumn("id", "integer", autoId(db))
    .addColumn("partner_wallet", "text", (c) => c.notNull())
    .addColumn("url", "text", (c) => c.notNull())
    .addColumn("secret", "text", (c) => c.notNull())
    .addColumn("event_types_json", "text", (c) => c.notNull())
    .addColumn("description", "text")
    .addColumn("created_by", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("disabled_at", "bigint")
    .execute();

  await db.schema
    .createTable("partner_events")
    .addColumn("id", "integer", autoId(db))
    .addColumn("event_key", "text", (c) => c.notNull().unique())
    .addColumn("message_id", "text", (c) => c.notNull().unique())
    .addColumn("event_type", "text", (c) => c.notNull())
    .addColumn("capsule_id", "integer")
    .addColumn("outlet_id", "integer")
    .addColumn("payload_json", "text", (c) => c.notNull())
    .addColumn("occurred_at", "bigint", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("outlet_tier", "text")
    .addColumn("priority", "integer")
    .addColumn("fanned_out_at", "bigint")
    .execute();
  await db.schema.createIndex("partner_events_fan_out_idx").on("partner_events").columns(["fanned_out_at", "id"]).execute();

  await db.schema
    .createTable("partner_deliveries")
    .addColumn("id", "integer", autoId(db))
    .addColumn("webhook_id", "integer", (c) => c.notNull().references("partner_webhooks.id"))
    .addColumn("event_id", "integer", (c) => c.notNull().references("partner_events.id"))
    .addColumn("message_id", "text", (c) => c.notNull())
    .addColumn("event_type", "text", (c) => c.notNull())
    .addColumn("priority", "integer", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "bigint", (c) => c.notNull())
    .addColumn("lease_until", "bigint")
    .addColumn("last_attempt_at", "bigint")
    .addColumn("last_status", "integer")
    .addColumn("last_error", "text")
    .addColumn("delivered_at", "bigint")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addUniqueConstraint("partner_deliveries_webhook_event_key", ["webhook_id", "event_id"])
    .execute();
  await db.schema.createIndex("partner_deliveries_queue_idx").on("partner_deliveries").columns(["status", "priority", "next_attempt_at", "id"]).execute();
  await db.schema.createIndex("partner_deliveries_webhook_idx").on("partner_deliveries").columns(["webhook_id", "id"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("partner_deliveries").ifExists().execute();
  await db.schema.dropTable("partner_events").ifExists().execute();
  await db.schema.dropTable("partner_webhooks").ifExists().execute();
}
