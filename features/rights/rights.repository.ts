import type { DbOrTrx } from "@/lib/db/database";
import type { NewRightsLicence, NewRightsListing, RightsLicenceRow, RightsListingRow } from "@/lib/db/tables/rights.table";
import { AppError } from "@/lib/errors/app-error";

export async function getListingOrThrow(db: DbOrTrx, id: number): Promise<RightsListingRow> {
  const row = await db.selectFrom("rights_listings").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) throw new AppError("LISTING_NOT_FOUND", `No rights listing with id ${id}`);
  return row;
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
