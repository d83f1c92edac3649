import type { Kysely } from "kysely";
import { autoId } from "./dialect";

// Ads readers see (issue 29 item 4). A campaign keeps what it spent as the sum of its charged
// impressions' CPM (milli-wei, so a CPM that is not a multiple of 1000 is spent exactly) and how many it
// charged. An impression is one reader on one day for one campaign: the reader is a keyed hash of the
// client's address and user agent under a key of that day (ad_reader_keys), never the address; a day's
// key is deleted once the day is over, so no hash can be tied to an address again. Revenue goes to
// revenue_ledger, which licence payments released from escrow also write (indexer, migration 0520).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("ad_campaigns").addColumn("spent_milliwei", "text", (c) => c.notNull().defaultTo("0")).execute();
  await db.schema.alterTable("ad_campaigns").addColumn("impressions", "integer", (c) => c.notNull().defaultTo(0)).execute();

  await db.schema
    .createTable("ad_reader_keys")
    .addColumn("day", "text", (c) => c.primaryKey())
    .addColumn("secret", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("ad_impressions")
    .addColumn("id", "integer", autoId(db))
    .addColumn("campaign_id", "integer", (c) => c.notNull().references("ad_campaigns.id"))
    .addColumn("capsule_id", "integer", (c) => c.notNull())
    .addColumn("outlet_id", "integer", (c) => c.notNull())
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("reader_hash", "text", (c) => c.notNull())
    .addColumn("cost_wei", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addUniqueConstraint("ad_impressions_reader_day_key", ["campaign_id", "day", "reader_hash"])
    .execute();

  await db.schema
    .createTable("revenue_ledger")
    .addColumn("id", "integer", autoId(db))
    .addColumn("wallet", "text", (c) => c.notNull())
    .addColumn("source", "text", (c) => c.notNull())
    .addColumn("source_id", "text", (c) => c.notNull())
    .addColumn("capsule_id", "integer")
    .addColumn("outlet_slug", "text")
    .addColumn("party", "text", (c) => c.notNull())
    .addColumn("share_bps", "integer", (c) => c.notNull())
    .addColumn("amount", "text", (c) => c.notNull())
    .addColumn("tx_hash", "text")
    .addColumn("source_key", "text", (c) => c.unique())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("revenue_ledger_wallet_idx").on("revenue_ledger").columns(["wallet", "id"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("revenue_ledger").ifExists().execute();
  await db.schema.dropTable("ad_impressions").ifExists().execute();
  await db.schema.dropTable("ad_reader_keys").ifExists().execute();
  await db.schema.alterTable("ad_campaigns").dropColumn("impressions").execute();
  await db.schema.alterTable("ad_campaigns").dropColumn("spent_milliwei").execute();
}
