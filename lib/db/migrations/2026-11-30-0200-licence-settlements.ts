import type { Kysely } from "kysely";

// Licences paid through the escrow (issue 29 item 5): the bridge's decision on each escrow payment —
// released for a licence, or refunded (lost race, refused) — one row per payment (the primary key is
// what makes a payment settle once), with the operator transaction that carries it out.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("licence_escrow_settlements")
    .addColumn("payment_id", "bigint", (c) => c.primaryKey())
    .addColumn("listing_id", "bigint", (c) => c.notNull())
    .addColumn("buyer", "text", (c) => c.notNull())
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("refund_reason", "text")
    .addColumn("licence_id", "integer")
    .addColumn("tx_hash", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("licence_escrow_settlements_listing_idx").on("licence_escrow_settlements").column("listing_id").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("licence_escrow_settlements").ifExists().execute();
}
