import type { Kysely } from "kysely";
import { autoId } from "./dialect";

// Frozen in time: later changes get a new migration, never an edit here.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("auth_nonces")
    .addColumn("nonce", "text", (c) => c.primaryKey())
    .addColumn("wallet", "text", (c) => c.notNull())
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("expires_at", "bigint", (c) => c.notNull())
    .addColumn("used_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("auth_nonces_expires_idx").on("auth_nonces").column("expires_at").execute();

  await db.schema
    .createTable("rate_limit_counters")
    .addColumn("bucket", "text", (c) => c.notNull())
    .addColumn("window_start", "bigint", (c) => c.notNull())
    .addColumn("count", "integer", (c) => c.notNull())
    .addColumn("expires_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("rate_limit_counters_pk", ["bucket", "window_start"])
    .execute();
  await db.schema.createIndex("rate_limit_expires_idx").on("rate_limit_counters").column("expires_at").execute();

  await db.schema
    .createTable("chain_checkpoints")
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("chain_id", "bigint", (c) => c.notNull())
    .addColumn("block_number", "bigint", (c) => c.notNull())
    .addColumn("block_hash", "text")
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("chain_events")
    .addColumn("id", "integer", autoId(db))
    .addColumn("chain_id", "bigint", (c) => c.notNull())
    .addColumn("block_number", "bigint", (c) => c.notNull())
    .addColumn("block_hash", "text", (c) => c.notNull())
    .addColumn("block_time", "bigint", (c) => c.notNull())
    .addColumn("tx_hash", "text", (c) => c.notNull())
    .addColumn("log_index", "integer", (c) => c.notNull())
    .addColumn("address", "text", (c) => c.notNull())
    .addColumn("event_name", "text", (c) => c.notNull())
    .addColumn("args_json", "text", (c) => c.notNull())
    .addUniqueConstraint("chain_events_unique_log", ["chain_id", "tx_hash", "log_index"])
    .execute();
  await db.schema.createIndex("chain_events_name_idx").on("chain_events").columns(["event_name", "block_number"]).execute();

  await db.schema
    .createTable("activity")
    .addColumn("id", "integer", autoId(db))
    .addColumn("wallet", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("outlet_slug", "text")
    .addColumn("subject_id", "text")
    .addColumn("details_json", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("tx_hash", "text")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("activity_wallet_idx").on("activity").columns(["wallet", "created_at"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["activity", "chain_events", "chain_checkpoints", "rate_limit_counters", "auth_nonces"]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
