import type { DbOrTrx } from "@/lib/db/database";
import type { NewPartnerEvent, PartnerEventRow } from "@/lib/db/tables/partners.table";

/** Records an event once (by event_key); true when this call wrote it. */
export async function insertPartnerEvent(db: DbOrTrx, values: NewPartnerEvent): Promise<boolean> {
  const result = await db
    .insertInto("partner_events")
    .values(values)
    .onConflict((oc) => oc.column("event_key").doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}

/** Events not fanned out to webhooks yet, oldest first. */
export async function eventsToFanOut(db: DbOrTrx, limit: number): Promise<PartnerEventRow[]> {
  return db.selectFrom("partner_events").selectAll().where("fanned_out_at", "is", null).orderBy("id", "asc").limit(limit).execute();
}

/** Marks an event fanned out; false when another pass did it first. */
export async function markFannedOut(db: DbOrTrx, id: number, tier: string, priority: number, at: number): Promise<boolean> {
  const result = await db
    .updateTable("partner_events")
    .set({ fanned_out_at: at, outlet_tier: tier, priority })
    .where("id", "=", id)
    .where("fanned_out_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function findPartnerEvent(db: DbOrTrx, id: number): Promise<PartnerEventRow | undefined> {
  return db.selectFrom("partner_events").selectAll().where("id", "=", id).executeTakeFirst();
}
