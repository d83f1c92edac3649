import type { Kysely } from "kysely";

// Sample ad campaigns are marked (issue 15): sample = 1, served with `sample: true`. Campaigns an
// earlier version loaded from the bundled sample are marked here, matched on slug and advertiser.
// The list is copied in: migrations are frozen.
const sampleCampaigns: Array<[string, string]> = [
  ["open-records-fund", "Open Records Fund"],
  ["greenline-transit", "Greenline Transit"],
  ["ledger-bookshop", "Ledger & Quill Books"],
  ["newsroom-tools-network", "Capsule Network"],
  ["winter-market-paused", "Harbour Winter Market"],
];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("ad_campaigns").addColumn("sample", "integer", (c) => c.notNull().defaultTo(0)).execute();
  for (const [slug, advertiser] of sampleCampaigns) {
    await db.updateTable("ad_campaigns").set({ sample: 1 }).where("slug", "=", slug).where("advertiser", "=", advertiser).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("ad_campaigns").dropColumn("sample").execute();
}
