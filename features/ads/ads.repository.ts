import type { DbOrTrx } from "@/lib/db/database";
import type { AdCampaignRow, CampaignStatus, NewAdCampaign } from "@/lib/db/tables/ads.table";

export async function listCampaigns(
  db: DbOrTrx,
  filter: { status?: CampaignStatus; offset: number; limit: number },
): Promise<{ rows: AdCampaignRow[]; total: number }> {
  let base = db.selectFrom("ad_campaigns");
  if (filter.status) base = base.where("status", "=", filter.status);
  const rows = await base.selectAll().orderBy("id", "asc").offset(filter.offset).limit(filter.limit).execute();
  const count = await base.select((eb) => eb.fn.countAll<string | number>().as("n")).executeTakeFirstOrThrow();
  return { rows, total: Number(count.n) };
}

/** Active campaigns running at `now` (targeting is matched by the caller). */
export async function runningCampaigns(db: DbOrTrx, now: number): Promise<AdCampaignRow[]> {
  return db
    .selectFrom("ad_campaigns")
    .selectAll()
    .where("status", "=", "active")
    .where("starts_at", "<=", now)
    .where((eb) => eb.or([eb("ends_at", "is", null), eb("ends_at", ">", now)]))
    .orderBy("id", "asc")
    .execute();
}

export async function countCampaigns(db: DbOrTrx): Promise<number> {
  const row = await db.selectFrom("ad_campaigns").select((eb) => eb.fn.countAll<string | number>().as("n")).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Inserts or replaces campaigns by slug; returns how many were written. */
export async function upsertCampaigns(db: DbOrTrx, values: NewAdCampaign[]): Promise<number> {
  for (const value of values) {
    const { created_at: _created, ...changes } = value;
    await db
      .insertInto("ad_campaigns")
      .values(value)
      .onConflict((oc) => oc.column("slug").doUpdateSet(changes))
      .execute();
  }
  return values.length;
}

/**
 * Charges one impression: moves the campaign's spend from `from` to `to` (milli-wei) and counts it,
 * only if nobody charged it meanwhile (false: read again and retry).
 */
export async function chargeCampaign(db: DbOrTrx, id: number, from: string, to: string): Promise<boolean> {
  const result = await db
    .updateTable("ad_campaigns")
    .set((eb) => ({ spent_milliwei: to, impressions: eb("impressions", "+", 1) }))
    .where("id", "=", id)
    .where("spent_milliwei", "=", from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function findCampaign(db: DbOrTrx, id: number): Promise<AdCampaignRow | undefined> {
  return db.selectFrom("ad_campaigns").selectAll().where("id", "=", id).executeTakeFirst();
}
