import type { DbOrTrx } from "@/lib/db/database";
import type { RightsLicenceRow, RightsListingRow } from "@/lib/db/tables/rights.table";
import { licencesOfListings } from "@/features/rights/rights.repository";
import { titlesOf } from "@/features/capsules/capsules.repository";
import { outletNamesOf } from "@/features/outlets/outlets.repository";
import type { TListing } from "@/features/rights/rights.schema";

/** sold: an exclusive listing that has its licence; withdrawn: by its seller; expired: past expiresAt; else active. */
export function listingStatus(row: RightsListingRow, licenceCount: number, now: number): TListing["status"] {
  if (row.licence_type === "exclusive" && licenceCount > 0) return "sold";
  if (row.withdrawn_at !== null) return "withdrawn";
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
    return { ...listingObject(row, own.length, now, namesOf(row)), licences: own.map(licenceObject) };
  });
}
