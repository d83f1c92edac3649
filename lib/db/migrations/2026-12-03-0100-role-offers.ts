import type { Kysely } from "kysely";
import { autoId } from "./dialect";

// A role granted to another wallet waits for that wallet's consent (docs/DECISIONS.md, "A role granted
// to another wallet is an offer"): nothing is staged on chain until the grantee accepts. Not a
// projection of the chain: the bridge keeps offers like drafts, so an indexer rebuild leaves them.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("role_offers")
    .addColumn("id", "integer", autoId(db))
    .addColumn("outlet_id", "integer", (c) => c.notNull().references("outlets.id"))
    .addColumn("outlet_slug", "text", (c) => c.notNull())
    .addColumn("wallet", "text", (c) => c.notNull())
    .addColumn("role_id", "integer", (c) => c.notNull())
    .addColumn("offered_by", "text", (c) => c.notNull())
    .addColumn("offered_at", "bigint", (c) => c.notNull())
    .addColumn("expires_at", "bigint", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("closed_at", "bigint")
    .addColumn("closed_by", "text")
    .execute();
  await db.schema.createIndex("role_offers_wallet_idx").on("role_offers").columns(["wallet", "status"]).execute();
  await db.schema.createIndex("role_offers_outlet_idx").on("role_offers").columns(["outlet_id", "status"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("role_offers").ifExists().execute();
}
