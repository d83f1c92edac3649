import type { DbOrTrx } from "@/lib/db/database";
import type { AdImpressionRow, NewAdImpression } from "@/lib/db/tables/ads.table";

/** Records a reader's impression of a campaign on a day; undefined when this reader was counted already today. */
export async function insertImpression(db: DbOrTrx, values: NewAdImpression): Promise<AdImpressionRow | undefined> {
  return db
    .insertInto("ad_impressions")
    .values(values)
    .onConflict((oc) => oc.columns(["campaign_id", "day", "reader_hash"]).doNothing())
    .returningAll()
    .executeTakeFirst();
}

export async function countImpressions(db: DbOrTrx, campaignId: number): Promise<number> {
  const row = await db.selectFrom("ad_impressions").select((eb) => eb.fn.countAll<string | number>().as("n")).where("campaign_id", "=", campaignId).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** How many readers of one site (`siteHash`) a campaign was charged for on `day`. */
export async function countSiteImpressions(db: DbOrTrx, campaignId: number, day: string, siteHash: string): Promise<number> {
  const row = await db
    .selectFrom("ad_impressions")
    .select((eb) => eb.fn.countAll<string | number>().as("n"))
    .where("campaign_id", "=", campaignId)
    .where("day", "=", day)
    .where("site_hash", "=", siteHash)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
