import "server-only";
import type { Address } from "viem";
import type { Db } from "@/lib/db/database";
import { getCapsuleOrThrow } from "@/lib/db/repositories/capsules.repository";
import { findActiveRole } from "@/lib/db/repositories/roles.repository";
import { getListingOrThrow, insertLicence, insertListing, licencesOfListings, listListings } from "@/lib/db/repositories/rights.repository";
import { insertActivity } from "@/lib/db/repositories/activity.repository";
import { distributionActive } from "@/lib/distribution/distribution-active";
import { AppError } from "@/lib/errors/app-error";
import { pageOf, pageOffset, type PageQuery } from "@/lib/http/pagination";
import type { TCreateListingBody, TLicenseBody, TListListingsQuery } from "@/lib/schemas/rights";
import { activityTime } from "@/lib/services/roles/role-registry-chain";
import { licenceObject, listingObject, listingStatus, listingsWithLicences } from "./listing-view";

const EDITOR_ROLE = 3;

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  return e?.code === "23505" || e?.code === "SQLITE_CONSTRAINT_UNIQUE" || /UNIQUE constraint failed/.test(e?.message ?? "");
}

const soldOut = (listingId: number) => new AppError("CONFLICT", `Rights listing ${listingId} is exclusive and has already been licensed`);

/** POST /api/rights/create — the submitter or an Editor of the outlet lists a finalized capsule's rights. Checks: 404 → 403 → 409 → 400. */
export async function createListing(db: Db, wallet: Address, body: TCreateListingBody, now: number) {
  const capsule = await getCapsuleOrThrow(db, body.capsuleId);
  if (capsule.submitter !== wallet && !(await findActiveRole(db, capsule.outlet_id, wallet, EDITOR_ROLE))) {
    throw new AppError("FORBIDDEN", `Only the submitter of capsule ${capsule.id} or an Editor of outlet "${capsule.outlet_slug}" may list its rights`);
  }
  if (capsule.status !== "finalized") {
    throw new AppError("INVALID_STATE", `Capsule ${capsule.id} is ${capsule.status}; only a finalized capsule's rights can be listed`);
  }
  if (body.expiresAt !== undefined && body.expiresAt <= now) {
    throw new AppError("VALIDATION_ERROR", "Invalid body: expiresAt", { issues: [{ path: "expiresAt", message: "must be in the future" }] });
  }
  const at = await activityTime(now);
  const row = await db.transaction().execute(async (trx) => {
    const listing = await insertListing(trx, {
      capsule_id: capsule.id,
      outlet_id: capsule.outlet_id,
      outlet_slug: capsule.outlet_slug,
      created_by: wallet,
      licence_type: body.licenceType,
      territory: body.territory,
      price: body.price,
      currency: body.currency,
      terms: body.terms,
      expires_at: body.expiresAt ?? null,
      created_at: at,
    });
    await insertActivity(trx, [
      { wallet, kind: "rights.listed", outletSlug: capsule.outlet_slug, subjectId: String(listing.id), details: { capsuleId: String(capsule.id), licenceType: body.licenceType, price: body.price }, createdAt: at },
    ]);
    return listing;
  });
  return { ok: true as const, listing: listingObject(row, 0, now) };
}

/** POST /api/rights/license — any wallet licenses an active listing; an exclusive one only once. Checks: 404 → 409. */
export async function licenseListing(db: Db, wallet: Address, body: TLicenseBody, now: number) {
  const listing = await getListingOrThrow(db, body.listingId);
  const existing = await licencesOfListings(db, [listing.id]);
  const status = listingStatus(listing, existing.length, now);
  if (status === "sold") throw soldOut(listing.id);
  if (status === "expired") throw new AppError("INVALID_STATE", `Rights listing ${listing.id} expired at ${listing.expires_at}; it cannot be licensed`);
  const at = await activityTime(now);
  try {
    const licence = await db.transaction().execute(async (trx) => {
      const row = await insertLicence(trx, {
        listing_id: listing.id,
        capsule_id: listing.capsule_id,
        buyer: wallet,
        price: listing.price,
        currency: listing.currency,
        payment_tx_hash: body.paymentTxHash ?? null,
        exclusive_listing_id: listing.licence_type === "exclusive" ? listing.id : null,
        created_at: at,
      });
      const details = { listingId: String(listing.id), capsuleId: String(listing.capsule_id), price: listing.price, licenceType: listing.licence_type };
      await insertActivity(trx, [
        { wallet, kind: "rights.licensed", outletSlug: listing.outlet_slug, subjectId: String(row.id), details, txHash: body.paymentTxHash ?? null, createdAt: at },
        { wallet: listing.created_by, kind: "rights.licence_sold", outletSlug: listing.outlet_slug, subjectId: String(row.id), details: { ...details, buyer: wallet }, createdAt: at },
      ]);
      return row;
    });
    return { ok: true as const, licence: licenceObject(licence), listing: listingObject(listing, existing.length + 1, now) };
  } catch (error) {
    if (isUniqueViolation(error)) throw soldOut(listing.id);
    throw error;
  }
}

/** GET /api/rights/listings — newest first, by capsule and/or outlet. */
export async function listingPage(db: Db, query: TListListingsQuery, now: number) {
  const { rows, total } = await listListings(db, { capsuleId: query.capsuleId, outletSlug: query.outlet, offset: pageOffset(query), limit: query.limit });
  const items = (await listingsWithLicences(db, rows, now)).map(({ licences: _licences, ...listing }) => listing);
  return pageOf(items, query, total);
}

/** GET /api/capsules/:id/rights — the capsule's listings with their licences. */
export async function capsuleRights(db: Db, capsuleId: number, query: PageQuery, now: number) {
  const capsule = await getCapsuleOrThrow(db, capsuleId);
  const { rows, total } = await listListings(db, { capsuleId: capsule.id, offset: pageOffset(query), limit: query.limit });
  return { ...pageOf(await listingsWithLicences(db, rows, now), query, total), capsuleId: String(capsule.id), distributionActive: distributionActive(capsule) };
}
