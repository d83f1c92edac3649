import { sql, type Kysely } from "kysely";
import { autoId } from "./dialect";

// An outlet's ownership is handed over, not taken (docs/DECISIONS.md, "Ownership of an outlet is handed over, not
// taken"): the owner offers it to one of the outlet's Editors, who accepts or declines; the owner may withdraw it.
// One open offer per outlet, kept by a unique index on its pending rows. Not a projection of the chain: an indexer
// rebuild leaves these rows, like role offers.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("outlet_ownership_offers")
    .addColumn("id", "integer", autoId(db))
    .addColumn("outlet_id", "integer", (c) => c.notNull().references("outlets.id"))
    .addColumn("outlet_slug", "text", (c) => c.notNull())
    .addColumn("wallet", "text", (c) => c.notNull())
    .addColumn("offered_by", "text", (c) => c.notNull())
    .addColumn("offered_at", "bigint", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("closed_at", "bigint")
    .addColumn("closed_by", "text")
    .execute();
  await db.schema.createIndex("outlet_ownership_offers_wallet_idx").on("outlet_ownership_offers").columns(["wallet", "status"]).execute();
  await sql`create unique index outlet_ownership_offers_one_pending_key on outlet_ownership_offers (outlet_id) where status = 'pending'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists outlet_ownership_offers_one_pending_key`.execute(db);
  await db.schema.dropTable("outlet_ownership_offers").ifExists().execute();
}
