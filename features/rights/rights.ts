import "server-only";
import type { Address } from "viem";
import type { Db, DbOrTrx } from "@/lib/db/database";
import { getCapsuleOrThrow } from "@/features/capsules/capsules.repository";
import { isReadersVersion } from "@/features/capsules/readers-version";
import { findListing, getListingOrThrow, insertListing, licencesOfListings, listingsInForce, listListings, lockCapsuleListings, markListingWithdrawn } from "@/features/rights/rights.repository";
import { findActiveRole } from "@/features/roles/roles.repository";
import { ROLE } from "@/lib/roles/role-catalog";
import { insertActivity } from "@/features/wallet/activity.repository";
import { distributionActive } from "@/features/distribution/distribution-active";
import { AppError } from "@/lib/errors/app-error";
import { pageOf, pageOffset, type PageQuery } from "@/lib/schemas/pagination";
import type { TCreateListingBody, TListListingsQuery, TWithdrawListingBody } from "@/features/rights/rights.schema";
import { activityTime } from "@/lib/chain/server/role-registry-reads";
import { licencesInForce, listingNames, listingObject, listingStatus, listingsWithLicences } from "./listing-view";
import { defaultRightsChain, type RightsChain } from "./chain-deps";

export { licenseListing } from "./license-listing";

/** Listings of one capsule on offer at once: every read of the capsule's rights pages through them, and every new listing checks them. */
export const MAX_LISTINGS_ON_OFFER = 100;

/** The chain head now: a licence payment must be mined after the listing exists (503 when the node is down). */
async function headBlock(chain: RightsChain): Promise<number> {
  try {
    return Number(await chain.client.getBlockNumber({ cacheTime: 0 }));
  } catch {
    throw new AppError("CHAIN_UNAVAILABLE", "The chain node could not be reached; the listing was not created");
  }
}

/**
 * POST /api/rights/create — a finalized capsule's rights listed for licensing. Who may list them
 * (its submitter or an Editor of its outlet) is declared by the endpoint and enforced by the route
 * wrapper (features/rights/create.endpoint.ts). Checks here: 404 → 409 → 400 → 503. The payee (who licence payments must reach) is `body.payee`, else the lister.
 */
export async function createListing(db: Db, wallet: Address, body: TCreateListingBody, now: number, chain: RightsChain = defaultRightsChain()) {
  const capsule = await getCapsuleOrThrow(db, body.capsuleId);
  if (!(await isReadersVersion(db, capsule))) {
    throw new AppError(
      "INVALID_STATE",
      capsule.status === "superseded" ? `Capsule ${capsule.id} is superseded by a later version; list the rights of the version readers see` : `Capsule ${capsule.id} is ${capsule.status}; only a finalized capsule's rights can be listed`,
    );
  }
  if (body.expiresAt !== undefined && body.expiresAt <= now) {
    throw new AppError("VALIDATION_ERROR", "Invalid body: expiresAt", { issues: [{ path: "expiresAt", message: "must be in the future" }] });
  }
  const createdBlock = await headBlock(chain);
  const at = await activityTime(now);
  const row = await db.transaction().execute(async (trx) => {
    // checked and inserted under the capsule's listings lock: listings made at once never pass a check together
    await lockCapsuleListings(trx, capsule.id);
    await requireRoomForListing(trx, capsule.id, body.licenceType, body.territory, now);
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
      payee: body.payee ?? wallet,
      created_block: createdBlock,
    });
    await insertActivity(trx, [
      { wallet, kind: "rights.listed", outletSlug: capsule.outlet_slug, subjectId: String(listing.id), details: { capsuleId: String(capsule.id), licenceType: body.licenceType, price: body.price, payee: body.payee ?? wallet }, createdAt: at },
    ]);
    return listing;
  });
  return { ok: true as const, listing: listingObject(row, 0, now, (await listingNames(db, [row]))(row)) };
}

const overlaps = (a: string, b: string) => a === "worldwide" || b === "worldwide" || a === b;

/**
 * An exclusive licence means nobody else holds one there: an exclusive listing may not overlap (same
 * territory, or worldwide) another listing of the capsule that is in force (on offer or sold), and no
 * listing may overlap an exclusive one in force. 409 CONFLICT names the listing in the way. A capsule has at most
 * MAX_LISTINGS_ON_OFFER listings on offer at once (409 CONFLICT past them).
 */
async function requireRoomForListing(trx: DbOrTrx, capsuleId: number, licenceType: string, territory: string, now: number): Promise<void> {
  const inForce = await listingsInForce(trx, capsuleId, now);
  for (const other of inForce) {
    if (!overlaps(other.territory, territory) || (licenceType !== "exclusive" && other.licence_type !== "exclusive")) continue;
    const state = other.sold ? "sold" : "on offer";
    const where = other.territory === "worldwide" ? "worldwide" : `in ${other.territory}`;
    throw new AppError(
      "CONFLICT",
      other.licence_type === "exclusive"
        ? `Capsule ${capsuleId} has an exclusive listing ${where} (listing ${other.id}, ${state}); no other licence can be offered there`
        : `Capsule ${capsuleId} has a ${other.licence_type.replace(/_/g, "-")} listing ${where} (listing ${other.id}, ${state}); an exclusive licence cannot be offered there`,
      { details: { listingId: String(other.id) } },
    );
  }
  const onOffer = inForce.filter((row) => row.withdrawn_at === null && (row.expires_at === null || row.expires_at > now)).length;
  if (onOffer >= MAX_LISTINGS_ON_OFFER) {
    throw new AppError("CONFLICT", `Capsule ${capsuleId} already has ${MAX_LISTINGS_ON_OFFER} listings on offer, the most a capsule may have at once; withdraw one or let one expire first`);
  }
}

/**
 * POST /api/rights/withdraw — the wallet that created a listing, or an Editor of its outlet, withdraws it: it takes no
 * new licence and holds no place among the capsule's listings on offer; licences taken on it stay valid. Under the
 * capsule's listings lock, which a licence's grant takes too: a purchase in flight either commits its licence first
 * (it stands) or finds the listing withdrawn and refunds its deposit (features/rights/license-listing.ts). Checks:
 * 404 → 403 → 409 INVALID_STATE (sold exclusive, expired, already withdrawn).
 */
export async function withdrawListing(db: Db, wallet: Address, body: TWithdrawListingBody, now: number) {
  const listing = await getListingOrThrow(db, body.listingId);
  if (listing.created_by !== wallet && !(await findActiveRole(db, listing.outlet_id, wallet, ROLE.EDITOR))) {
    throw new AppError("FORBIDDEN", `Only ${listing.created_by}, who created rights listing ${listing.id}, or an Editor of outlet "${listing.outlet_slug}" may withdraw it`);
  }
  const at = await activityTime(now);
  const { row, licenceCount } = await db.transaction().execute(async (trx) => {
    await lockCapsuleListings(trx, listing.capsule_id);
    const current = (await findListing(trx, listing.id))!;
    const licenceCount = licencesInForce(await licencesOfListings(trx, [current.id])).length;
    const status = listingStatus(current, licenceCount, now);
    if (status !== "active") {
      const why = { sold: "is exclusive and already licensed", withdrawn: "was already withdrawn", expired: `expired at ${current.expires_at}` }[status];
      throw new AppError("INVALID_STATE", `Rights listing ${current.id} ${why}; only a listing on offer can be withdrawn`, { details: { listingStatus: status } });
    }
    const row = (await markListingWithdrawn(trx, current.id, wallet, at))!;
    await insertActivity(trx, [
      { wallet, kind: "rights.withdrawn", outletSlug: row.outlet_slug, subjectId: String(row.id), details: { capsuleId: String(row.capsule_id), licenceType: row.licence_type, licences: licenceCount }, createdAt: at },
    ]);
    return { row, licenceCount };
  });
  return { ok: true as const, listing: listingObject(row, licenceCount, now, (await listingNames(db, [row]))(row)) };
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
  return { ...pageOf(await listingsWithLicences(db, rows, now), query, total), capsuleId: String(capsule.id), distributionActive: distributionActive(capsule, await isReadersVersion(db, capsule)) };
}
