import type { Kysely } from "kysely";

// Licences are paid (issue 15): a listing names its payee and the chain head when it was created
// (a payment must be mined after it); a licence records the payment the bridge verified on the node.
// One verified transaction pays for one licence: a unique index on verified_payment_tx_hash (NULL for
// free licences and for licences recorded before this migration, whose hashes were never checked).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("rights_listings").addColumn("payee", "text").execute();
  await db.schema.alterTable("rights_listings").addColumn("created_block", "bigint").execute();
  await db.updateTable("rights_listings").set((eb) => ({ payee: eb.ref("created_by") })).execute();

  await db.schema.alterTable("rights_licences").addColumn("verified_payment_tx_hash", "text").execute();
  await db.schema.alterTable("rights_licences").addColumn("payment_from", "text").execute();
  await db.schema.alterTable("rights_licences").addColumn("payment_to", "text").execute();
  await db.schema.alterTable("rights_licences").addColumn("payment_value", "text").execute();
  await db.schema.alterTable("rights_licences").addColumn("payment_block", "bigint").execute();
  await db.schema.createIndex("rights_licences_payment_tx_uq").unique().on("rights_licences").column("verified_payment_tx_hash").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("rights_licences_payment_tx_uq").ifExists().execute();
  for (const column of ["payment_block", "payment_value", "payment_to", "payment_from", "verified_payment_tx_hash"]) {
    await db.schema.alterTable("rights_licences").dropColumn(column).execute();
  }
  await db.schema.alterTable("rights_listings").dropColumn("created_block").execute();
  await db.schema.alterTable("rights_listings").dropColumn("payee").execute();
}
