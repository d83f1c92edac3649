import type { DbOrTrx } from "@/lib/db/database";
import type { RightsLicenceRow, RightsListingRow } from "@/lib/db/tables/rights.table";
import { licencesOfListings } from "@/features/rights/rights.repository";
import type { TListing } from "@/features/rights/rights.schema";

/** sold: an exclusive listing that has its licence; expired: past expiresAt; else active. */
export function listingStatus(row: RightsListingRow, licenceCount: number, now: number): TListing["status"] {
  if (row.licence_type === "exclusive" && licenceCount > 0) return "sold";
  if (row.expires_at !== null && row.expires_at <= now) return "expired";
  return "active";
}

export const licenceObject = (row: RightsLicenceRow) => ({
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
});

/** Who a licence's payment must reach: the payee set at creation, else (listings made before payees existed) the creator. */
export const listingPayee = (row: RightsListingRow): string => row.payee ?? row.created_by;

export function listingObject(row: RightsListingRow, licenceCount: number, now: number): TListing {
  return {
    listingId: String(row.id),
    capsuleId: String(row.capsule_id),
    outletSlug: row.outlet_slug,
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
  return rows.map((row) => {
    const own = licences.filter((l) => l.listing_id === row.id);
    return { ...listingObject(row, own.length, now), licences: own.map(licenceObject) };
  });
}
