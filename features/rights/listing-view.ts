import type { DbOrTrx } from "@/lib/db/database";
import type { RightsListingRow } from "@/lib/db/tables/rights.table";
import { licencesOfListings, type LicenceWithPayment } from "@/features/rights/rights.repository";
import { titlesOf } from "@/features/capsules/capsules.repository";
import { outletNamesOf } from "@/features/outlets/outlets.repository";
import type { TLicence, TListing } from "@/features/rights/rights.schema";

/**
 * Whether a licence stands, from what the chain did with its escrow payment (projected, so a rebuild gives the same):
 * void when LicenceEscrow refunded it (the buyer reclaimed it before the operator's release was mined, so the release
 * reverted), pending while the escrow still holds it (or its events are not projected yet), valid once released, and
 * valid for a free licence or one recorded before the escrow.
 */
export function licenceStatus(row: LicenceWithPayment): TLicence["status"] {
  if (row.escrow_payment_id === null) return "valid";
  if (row.escrow_status === "refunded") return "void";
  return row.escrow_status === "released" ? "valid" : "pending";
}

/** The licences that count: an exclusive listing is sold, and a listing's count grows, only by licences that are not void. */
export const licencesInForce = <T extends LicenceWithPayment>(rows: T[]): T[] => rows.filter((row) => licenceStatus(row) !== "void");

/** sold: an exclusive listing that has its licence (not void); withdrawn: by its seller; expired: past expiresAt; else active. */
export function listingStatus(row: RightsListingRow, licenceCount: number, now: number): TListing["status"] {
  if (row.licence_type === "exclusive" && licenceCount > 0) return "sold";
  if (row.withdrawn_at !== null) return "withdrawn";
  if (row.expires_at !== null && row.expires_at <= now) return "expired";
  return "active";
}

export const licenceObject = (row: LicenceWithPayment): TLicence => ({
  licenceId: String(row.id),
  listingId: String(row.listing_id),
  capsuleId: String(row.capsule_id),
  buyer: row.buyer,
  price: row.price,
  currency: row.currency,
  paymentTxHash: row.payment_tx_hash,
  paymentVerified: row.verified_payment_tx_hash !== null,
  payee: row.payment_to,
  paidValue: row.payment_value,
  paymentBlockNumber: row.payment_block === null ? null : String(row.payment_block),
  createdAt: String(row.created_at),
  status: licenceStatus(row),
});

/** Who a licence's payment must reach: the payee set at creation, else (listings made before payees existed) the creator. */
export const listingPayee = (row: RightsListingRow): string => row.payee ?? row.created_by;

export type ListingNames = { capsuleTitle: string; outletName: string };

/** The article's title and the outlet's name of each listing (two queries for all of them). */
export async function listingNames(db: DbOrTrx, rows: RightsListingRow[]): Promise<(row: RightsListingRow) => ListingNames> {
  const titles = await titlesOf(db, [...new Set(rows.map((r) => r.capsule_id))]);
  const outlets = await outletNamesOf(db, rows.map((r) => r.outlet_slug));
  return (row) => ({ capsuleTitle: titles.get(String(row.capsule_id)) ?? "", outletName: outlets.get(row.outlet_slug) ?? row.outlet_slug });
}

export function listingObject(row: RightsListingRow, licenceCount: number, now: number, names: ListingNames): TListing {
  return {
    listingId: String(row.id),
    capsuleId: String(row.capsule_id),
    capsuleTitle: names.capsuleTitle,
    outletSlug: row.outlet_slug,
    outletName: names.outletName,
    createdBy: row.created_by,
    licenceType: row.licence_type,
    territory: row.territory,
    price: row.price,
    currency: row.currency,
    terms: row.terms,
    expiresAt: row.expires_at === null ? null : String(row.expires_at),
    status: listingStatus(row, licenceCount, now),
    licenceCount,
    payee: listingPayee(row),
    createdAt: String(row.created_at),
  };
}

/** Listings with their licences (one query for all licences). */
export async function listingsWithLicences(db: DbOrTrx, rows: RightsListingRow[], now: number) {
  const licences = await licencesOfListings(db, rows.map((r) => r.id));
  const namesOf = await listingNames(db, rows);
  return rows.map((row) => {
    const own = licences.filter((l) => l.listing_id === row.id);
    return { ...listingObject(row, licencesInForce(own).length, now, namesOf(row)), licences: own.map(licenceObject) };
  });
}
