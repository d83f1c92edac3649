import type { Kysely } from "kysely";

// An ad impression also keeps the HMAC of the reader's wider network (an IPv6 /48), under the same day key as the
// reader's own hash, so the charged impressions a campaign takes from one network a day can be capped
// (docs/DECISIONS.md, "One IPv6 site pays for a bounded number of ad readers a day"). NULL on rows from before.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("ad_impressions").addColumn("site_hash", "text").execute();
  await db.schema.createIndex("ad_impressions_campaign_day_site").on("ad_impressions").columns(["campaign_id", "day", "site_hash"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("ad_impressions_campaign_day_site").execute();
  await db.schema.alterTable("ad_impressions").dropColumn("site_hash").execute();
}
