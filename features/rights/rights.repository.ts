import type { ExpressionBuilder } from "kysely";
import type { DB, DbOrTrx } from "@/lib/db/database";
import { LOCK_SPACE, takeTransactionLockOn } from "@/lib/db/server-functions";
import type { EscrowStatus, NewRightsLicence, NewRightsListing, RightsLicenceRow, RightsListingRow } from "@/lib/db/tables/rights.table";
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
 * The void licences: those whose escrow payment the bridge decided to release went back to the buyer instead (its
 * Refunded event projected). licenceStatus (listing-view.ts) reads the same join row by row.
 */
const voidLicenceIds = (db: DbOrTrx) =>
  db
    .selectFrom("licence_escrow_settlements as s")
    .innerJoin("licence_escrow_payments as p", "p.payment_id", "s.payment_id")
    .select("s.licence_id")
    .where("s.action", "=", "release")
    .where("s.licence_id", "is not", null)
    .where("p.status", "=", "refunded");

/** A licence on listing `l` that is not void. */
const soldOn = (db: DbOrTrx, eb: ExpressionBuilder<DB & { l: DB["rights_listings"] }, "l">) =>
  eb.exists(eb.selectFrom("rights_licences as c").select("c.id").whereRef("c.listing_id", "=", "l.id").where("c.id", "not in", voidLicenceIds(db)));

/**
 * The capsule's listings in force at `now`, newest first: on offer (not withdrawn, and no expiry or not expired yet)
 * or sold (a licence that is not void was taken on it, withdrawn since or not), each with whether it was sold. Expired or withdrawn
 * listings nobody licensed are left out, however many there are.
 */
export async function listingsInForce(db: DbOrTrx, capsuleId: number, now: number): Promise<Array<RightsListingRow & { sold: boolean }>> {
  const rows = await db
    .selectFrom("rights_listings as l")
    .selectAll("l")
    .select((eb) => soldOn(db, eb).as("sold"))
    .where("l.capsule_id", "=", capsuleId)
    .where((eb) => eb.or([eb.and([eb("l.withdrawn_at", "is", null), eb.or([eb("l.expires_at", "is", null), eb("l.expires_at", ">", now)])]), soldOn(db, eb)]))
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

/**
 * A licence with the chain's word on its escrow payment: `escrow_payment_id` is the payment the bridge decided to release
 * for it (null: free, or recorded before the escrow), `escrow_status` what LicenceEscrow did with that payment as
 * projected (null: not projected yet).
 */
export type LicenceWithPayment = RightsLicenceRow & { escrow_payment_id: number | null; escrow_status: EscrowStatus | null };

/** Licences of the given listings, oldest first, each with its escrow payment's projected status. */
export async function licencesOfListings(db: DbOrTrx, listingIds: number[]): Promise<LicenceWithPayment[]> {
  if (listingIds.length === 0) return [];
  return db
    .selectFrom("rights_licences as c")
    .leftJoin("licence_escrow_settlements as s", (join) => join.onRef("s.licence_id", "=", "c.id").on("s.action", "=", "release"))
    .leftJoin("licence_escrow_payments as p", "p.payment_id", "s.payment_id")
    .selectAll("c")
    .select(["s.payment_id as escrow_payment_id", "p.status as escrow_status"])
    .where("c.listing_id", "in", listingIds)
    .orderBy("c.id", "asc")
    .execute();
}

/**
 * A void licence keeps its row, but no longer holds its exclusive listing: the unique `exclusive_listing_id` is cleared
 * on the listing's licences whose escrow payment went back to the buyer, so the listing can be sold again. In the grant's
 * transaction, under the capsule's listings lock; a refunded payment is final on chain (Refunded is never followed by Released).
 */
export async function freeExclusiveSlotOfVoidLicences(trx: DbOrTrx, listingId: number): Promise<void> {
  await trx
    .updateTable("rights_licences")
    .set({ exclusive_listing_id: null })
    .where("exclusive_listing_id", "=", listingId)
    .where("id", "in", voidLicenceIds(trx))
    .execute();
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
