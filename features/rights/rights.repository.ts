import type { DbOrTrx } from "@/lib/db/database";
import { LOCK_SPACE, takeTransactionLockOn } from "@/lib/db/server-functions";
import type { NewRightsLicence, NewRightsListing, RightsLicenceRow, RightsListingRow } from "@/lib/db/tables/rights.table";
import { AppError } from "@/lib/errors/app-error";

export async function getListingOrThrow(db: DbOrTrx, id: number): Promise<RightsListingRow> {
  const row = await db.selectFrom("rights_listings").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) throw new AppError("LISTING_NOT_FOUND", `No rights listing with id ${id}`);
  return row;
}

/** Holds the capsule's listings until `trx` ends: checking them (the bound, an exclusive clash) and inserting one more run one request at a time. */
export async function lockCapsuleListings(trx: DbOrTrx, capsuleId: number): Promise<void> {
  await takeTransactionLockOn(trx, LOCK_SPACE.capsuleListings, capsuleId);
}

/**
 * The capsule's listings in force at `now`, newest first: on offer (not withdrawn, and no expiry or not expired yet)
 * or sold (a licence was taken on it, withdrawn since or not), each with whether it was sold. Expired or withdrawn
 * listings nobody licensed are left out, however many there are.
 */
export async function listingsInForce(db: DbOrTrx, capsuleId: number, now: number): Promise<Array<RightsListingRow & { sold: boolean }>> {
  const rows = await db
    .selectFrom("rights_listings as l")
    .selectAll("l")
    .select((eb) => eb.exists(eb.selectFrom("rights_licences as c").select("c.id").whereRef("c.listing_id", "=", "l.id")).as("sold"))
    .where("l.capsule_id", "=", capsuleId)
    .where((eb) =>
      eb.or([
        eb.and([eb("l.withdrawn_at", "is", null), eb.or([eb("l.expires_at", "is", null), eb("l.expires_at", ">", now)])]),
        eb.exists(eb.selectFrom("rights_licences as c").select("c.id").whereRef("c.listing_id", "=", "l.id")),
      ]),
    )
    .orderBy("l.id", "desc")
    .execute();
  return rows.map((row) => ({ ...row, sold: Boolean(row.sold) }));
}

export async function insertListing(db: DbOrTrx, values: NewRightsListing): Promise<RightsListingRow> {
  return db.insertInto("rights_listings").values(values).returningAll().executeTakeFirstOrThrow();
}

export async function insertLicence(db: DbOrTrx, values: NewRightsLicence): Promise<RightsLicenceRow> {
  return db.insertInto("rights_licences").values(values).returningAll().executeTakeFirstOrThrow();
}

export async function listListings(
  db: DbOrTrx,
  filter: { capsuleId?: number; outletSlug?: string; offset: number; limit: number },
): Promise<{ rows: RightsListingRow[]; total: number }> {
  let base = db.selectFrom("rights_listings");
  if (filter.capsuleId !== undefined) base = base.where("capsule_id", "=", filter.capsuleId);
  if (filter.outletSlug) base = base.where("outlet_slug", "=", filter.outletSlug);
  const rows = await base.selectAll().orderBy("id", "desc").offset(filter.offset).limit(filter.limit).execute();
  const count = await base.select((eb) => eb.fn.countAll<string | number>().as("n")).executeTakeFirstOrThrow();
  return { rows, total: Number(count.n) };
}

/** Licences of the given listings, oldest first. */
export async function licencesOfListings(db: DbOrTrx, listingIds: number[]): Promise<RightsLicenceRow[]> {
  if (listingIds.length === 0) return [];
  return db.selectFrom("rights_licences").selectAll().where("listing_id", "in", listingIds).orderBy("id", "asc").execute();
}

/** The licence a verified payment already paid for, if any. */
export async function findLicenceByPayment(db: DbOrTrx, txHash: string): Promise<RightsLicenceRow | undefined> {
  return db.selectFrom("rights_licences").selectAll().where("verified_payment_tx_hash", "=", txHash.toLowerCase()).executeTakeFirst();
}

export async function findListing(db: DbOrTrx, id: number): Promise<RightsListingRow | undefined> {
  return db.selectFrom("rights_listings").selectAll().where("id", "=", id).executeTakeFirst();
}

/** Marks the listing withdrawn by `by` at `at` unless it already is; the row after, or undefined when it already was. */
export async function markListingWithdrawn(db: DbOrTrx, id: number, by: string, at: number): Promise<RightsListingRow | undefined> {
  return db.updateTable("rights_listings").set({ withdrawn_at: at, withdrawn_by: by }).where("id", "=", id).where("withdrawn_at", "is", null).returningAll().executeTakeFirst();
}
