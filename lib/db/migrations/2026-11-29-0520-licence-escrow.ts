import type { Kysely } from "kysely";

// Licences in escrow (issue 29 item 5): the indexer's projection of LicenceEscrow — one row per
// payment held, released or refunded. What each recipient of a release got is in revenue_ledger
// (source "licence", keyed by the Paid log).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("licence_escrow_payments")
    .addColumn("payment_id", "bigint", (c) => c.primaryKey())
    .addColumn("listing_id", "bigint", (c) => c.notNull())
    .addColumn("buyer", "text", (c) => c.notNull())
    .addColumn("payee", "text", (c) => c.notNull())
    .addColumn("amount", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("payee_bps", "integer")
    .addColumn("refund_reason", "text")
    .addColumn("deposit_tx_hash", "text", (c) => c.notNull())
    .addColumn("settle_tx_hash", "text")
    .addColumn("deposited_at", "bigint", (c) => c.notNull())
    .addColumn("settled_at", "bigint")
    .execute();
  await db.schema.createIndex("licence_escrow_payments_listing_idx").on("licence_escrow_payments").column("listing_id").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("licence_escrow_payments").ifExists().execute();
}
