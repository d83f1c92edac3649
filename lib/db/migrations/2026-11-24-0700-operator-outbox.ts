import type { Kysely } from "kysely";
import { autoId } from "./dialect";

// The operator's durable outbox (issue 11): every operator transaction is signed, stored here and
// committed before it is broadcast, so the same signed bytes can be re-broadcast after a restart,
// a dropped mempool or a rollback. (sender, nonce) is unique: the nonce is allocated from this table.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("operator_outbox")
    .addColumn("id", "integer", autoId(db))
    .addColumn("chain_id", "integer", (c) => c.notNull())
    .addColumn("sender", "text", (c) => c.notNull())
    .addColumn("nonce", "bigint", (c) => c.notNull())
    .addColumn("tx_hash", "text", (c) => c.notNull().unique())
    .addColumn("raw_tx", "text", (c) => c.notNull())
    .addColumn("purpose", "text", (c) => c.notNull())
    .addColumn("contract", "text", (c) => c.notNull())
    .addColumn("function_name", "text", (c) => c.notNull())
    .addColumn("capsule_id", "bigint")
    .addColumn("case_id", "bigint")
    .addColumn("role_id", "bigint")
    .addColumn("wallet", "text")
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("broadcasts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("block_number", "bigint")
    .addColumn("error_code", "text")
    .addColumn("error_name", "text")
    .addColumn("error_message", "text")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("operator_outbox_sender_nonce_uq").unique().on("operator_outbox").columns(["chain_id", "sender", "nonce"]).execute();
  await db.schema.createIndex("operator_outbox_status_idx").on("operator_outbox").columns(["status", "nonce"]).execute();
  await db.schema.createIndex("operator_outbox_capsule_idx").on("operator_outbox").columns(["capsule_id", "id"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("operator_outbox").ifExists().execute();
}
