import "server-only";
import type { Address } from "viem";
import type { Db } from "@/lib/db/database";
import type { RoleOfferRow, RoleOfferStatus } from "@/lib/db/tables/roles.table";
import { getOutletByIdOrThrow, getOutletBySlugOrThrow } from "@/features/outlets/outlets.repository";
import { AppError, notFound } from "@/lib/errors/app-error";
import { roleDefinition } from "@/lib/roles/role-catalog";
import { grantRefusal, withdrawRefusal } from "@/lib/roles/role-change-rules";
import { activityTime } from "@/lib/chain/server/role-registry-reads";
import { ZRoleOffer, type TRoleChangeBody, type TRoleOffer } from "@/features/roles/roles.schema";
import { canManageOutlet } from "./authorize";
import { checkGrant, grantRole } from "./change-role";
import { insertActivity } from "@/features/wallet/activity.repository";
import { isUniqueViolation } from "@/lib/errors/unique-violation";
import {
  closeRoleOffer,
  countOpenRoleOffers,
  countOpenRoleOffersTo,
  expireRoleOffers,
  findOpenRoleOffer,
  findRoleOffer,
  insertRoleOffer,
  listOpenRoleOffers,
  lockOutletRoleOffers,
  lockWalletRoleOffers,
  roleOfferWithdrawalsSince,
} from "./role-offers.repository";
import { config } from "@/lib/config/config";
import { OFFER_REPEAT_WINDOW_SECONDS, offerRepeatError, offerRepeatRefusal } from "@/lib/roles/offer-repeats";

// A role granted to another wallet is an offer (docs/DECISIONS.md): a member role takes its holder off
// the outlet's juries and an Editor role puts it in the juror pool with its bond at stake, so nothing is
// staged on chain until the grantee accepts. Times are the later of wall and chain clock (activityTime).
// An open offer is private to the outlet and the grantee: nothing about it goes out on the public live
// stream (lib/live/public-changes.ts); their pages re-read offers when shown again, and an accept is a
// public roles.granted change.

export const ROLE_OFFER_LIFETIME_SECONDS = 14 * 86_400;
/** Open offers an outlet may have at once: each puts an entry in a stranger's inbox, and wallets cost nothing to make. */
export const MAX_OPEN_ROLE_OFFERS = 100;
/** Open offers one wallet may have at once, from every outlet: outlets cost little to make, and each offer is an inbox entry of the wallet. */
export const MAX_OPEN_ROLE_OFFERS_TO_WALLET = 50;

function offerView(row: RoleOfferRow, outletName: string, at: number): TRoleOffer {
  const role = roleDefinition(row.role_id);
  return ZRoleOffer.parse({
    offerId: String(row.id),
    outletSlug: row.outlet_slug,
    outletName,
    wallet: row.wallet,
    roleId: row.role_id,
    name: role?.name ?? `Role ${row.role_id}`,
    canVote: role?.canVote ?? false,
    offeredBy: row.offered_by,
    offeredAt: String(row.offered_at),
    expiresAt: String(row.expires_at),
    status: row.status === "pending" && row.expires_at <= at ? "expired" : row.status,
  });
}

/** POST /api/roles/grant: a grant to oneself takes effect at once; to another wallet it is offered. */
export async function grantOrOffer(db: Db, actor: Address, body: TRoleChangeBody, now: number) {
  if (body.wallet === actor) return grantRole(db, actor, body, now);
  const { outlet, name } = await checkGrant(db, actor, body, now);
  const at = await activityTime(now);
  const alreadyOpen = () => new AppError("CONFLICT", `${body.wallet} already has an open offer of the ${name} role at "${outlet.slug}"`);
  const row = await db
    .transaction()
    .execute(async (trx) => {
      // counted and inserted under the outlet's lock, then the grantee's: offers sent at once never pass either bound
      await lockOutletRoleOffers(trx, outlet.id);
      await lockWalletRoleOffers(trx, body.wallet);
      await expireRoleOffers(trx, outlet.id, body.wallet, body.roleId, at);
      if (await findOpenRoleOffer(trx, outlet.id, body.wallet, body.roleId, at)) throw alreadyOpen();
      // offering and withdrawing again and again would fill the wallet's inbox: bounded per day (lib/roles/offer-repeats.ts)
      const withdrawnAt = await roleOfferWithdrawalsSince(trx, outlet.id, body.wallet, body.roleId, at - OFFER_REPEAT_WINDOW_SECONDS);
      const repeated = offerRepeatRefusal({ wallet: body.wallet, what: `The ${name} role at outlet "${outlet.slug}"`, withdrawnAt, limit: config().CAPSULE_OFFER_WITHDRAWALS_PER_DAY, at });
      if (repeated) throw offerRepeatError(repeated, at);
      if ((await countOpenRoleOffers(trx, outlet.id, at)) >= MAX_OPEN_ROLE_OFFERS) {
        throw new AppError("CONFLICT", `Outlet "${outlet.slug}" already has ${MAX_OPEN_ROLE_OFFERS} open role offers, the most it may have at once; withdraw one or wait for an answer first`);
      }
      if ((await countOpenRoleOffersTo(trx, body.wallet, at)) >= MAX_OPEN_ROLE_OFFERS_TO_WALLET) {
        throw new AppError(
          "CONFLICT",
          `${body.wallet} already has ${MAX_OPEN_ROLE_OFFERS_TO_WALLET} open role offers, the most one wallet may have at once; it has to answer one, or one has to expire, first`,
        );
      }
      const offer = await insertRoleOffer(trx, {
        outlet_id: outlet.id,
        outlet_slug: outlet.slug,
        wallet: body.wallet,
        role_id: body.roleId,
        offered_by: actor,
        offered_at: at,
        expires_at: at + ROLE_OFFER_LIFETIME_SECONDS,
      });
      // the grantee's inbox says so
      await insertActivity(trx, [
        {
          wallet: body.wallet,
          kind: "inbox.role_offered",
          outletSlug: outlet.slug,
          subjectId: String(offer.id),
          details: { offerId: String(offer.id), roleId: body.roleId, roleName: name, outletName: outlet.name, offeredBy: actor, offeredAs: actor === outlet.owner_wallet ? "owner" : "editor", expiresAt: offer.expires_at },
          createdAt: at,
        },
      ]);
      return offer;
    })
    .catch((error: unknown) => {
      // another request's offer committed between the check and the insert: the unique index refused this one
      throw isUniqueViolation(error) ? alreadyOpen() : error;
    });
  return { ok: true as const, status: "offered" as const, offer: offerView(row, outlet.name, at) };
}

/** Open offers to the signer and, when it may grant roles at `outletSlug`, the outlet's open offers. */
export async function listRoleOffers(db: Db, signer: Address, body: { outletSlug?: string }, now: number) {
  const at = await activityTime(now);
  const outlet = body.outletSlug === undefined ? undefined : await getOutletBySlugOrThrow(db, body.outletSlug);
  const view = (rows: Array<RoleOfferRow & { outlet_name: string }>) => rows.map((row) => offerView(row, row.outlet_name, at));
  const received = view(await listOpenRoleOffers(db, { wallet: signer, outletId: outlet?.id }, at));
  const sent = outlet && (await canManageOutlet(db, outlet, signer)) ? view(await listOpenRoleOffers(db, { outletId: outlet.id }, at)) : [];
  return { ok: true as const, wallet: signer, received, sent };
}

const missing = (offerId: number) => notFound("NOT_FOUND", `Role offer ${offerId} not found`);

function assertOpen(row: RoleOfferRow, at: number): void {
  const status: RoleOfferStatus | "expired" = row.status === "pending" && row.expires_at <= at ? "expired" : row.status;
  if (status !== "pending") throw new AppError("INVALID_STATE", `Role offer ${row.id} was ${status}; only an open offer can be answered`, { details: { offerStatus: status } });
}

/** The grantee's own offer, open at `at`; another wallet's offer answers as a missing one. */
async function grantees(db: Db, signer: Address, offerId: number, at: number): Promise<RoleOfferRow> {
  const row = await findRoleOffer(db, offerId);
  if (!row || row.wallet !== signer) throw missing(offerId);
  assertOpen(row, at);
  return row;
}

/** The grantee accepts: the grant runs as a grant by the wallet that offered it, and closes the offer in its transaction. */
export async function acceptRoleOffer(db: Db, signer: Address, body: { offerId: number }, now: number) {
  const at = await activityTime(now);
  const row = await grantees(db, signer, body.offerId, at);
  const outlet = await getOutletBySlugOrThrow(db, row.outlet_slug);
  const offeredBy = row.offered_by as Address;
  if (!(await canManageOutlet(db, outlet, offeredBy))) {
    throw new AppError("INVALID_STATE", `${offeredBy}, who offered this role, may no longer grant roles at "${outlet.slug}"; ask its owner or an Editor for a new offer`);
  }
  // an Editor offer of an owner that handed the outlet over since (docs/DECISIONS.md, "An Editor offer ends with its
  // offerer's ownership"): refused before the grant's own check, which would answer as if the grantee had appointed
  const noLongerOwner = () =>
    new AppError("INVALID_STATE", `${offeredBy}, who offered this role, no longer owns outlet "${outlet.slug}", and only its owner appoints Editors; ask its owner for a new offer`);
  const offererMayAppoint = (owner: string) => grantRefusal({ outletSlug: outlet.slug, roleId: row.role_id, actorIsOwner: owner === offeredBy }) === undefined;
  if (!offererMayAppoint(outlet.owner_wallet)) throw noLongerOwner();
  return grantRole(db, offeredBy, { outletSlug: row.outlet_slug, wallet: signer, roleId: row.role_id }, now, async (trx) => {
    // read again in the grant's transaction, which holds the operator's nonce lock as a handover's accept does: a
    // handover committed since the check refuses the grant
    if (!offererMayAppoint((await getOutletByIdOrThrow(trx, outlet.id)).owner_wallet)) throw noLongerOwner();
    if (!(await closeRoleOffer(trx, row.id, "accepted", signer, at))) throw new AppError("INVALID_STATE", `Role offer ${row.id} was answered meanwhile`);
  });
}

async function close(db: Db, row: RoleOfferRow, status: "declined" | "withdrawn", by: Address, at: number) {
  const outlet = await getOutletBySlugOrThrow(db, row.outlet_slug);
  const closed = await closeRoleOffer(db, row.id, status, by, at);
  if (!closed) throw new AppError("INVALID_STATE", `Role offer ${row.id} was answered meanwhile`);
  return { ok: true as const, offer: offerView(closed, outlet.name, at) };
}

export async function declineRoleOffer(db: Db, signer: Address, body: { offerId: number }, now: number) {
  const at = await activityTime(now);
  return close(db, await grantees(db, signer, body.offerId, at), "declined", signer, at);
}

/**
 * The owner or an Editor of the outlet, or the wallet that made it, withdraws an open offer (an offer of the Editor
 * role: its owner or the wallet that made it, lib/roles/role-change-rules.ts). A wallet that
 * may not see the offer gets the 404 of a missing one (a 403 told it that the offer exists); the grantee,
 * who sees it, is told that it may only decline it.
 */
export async function withdrawRoleOffer(db: Db, signer: Address, body: { offerId: number }, now: number) {
  const at = await activityTime(now);
  const row = await findRoleOffer(db, body.offerId);
  if (!row) throw missing(body.offerId);
  const outlet = await getOutletBySlugOrThrow(db, row.outlet_slug);
  if (row.offered_by !== signer && !(await canManageOutlet(db, outlet, signer))) {
    if (row.wallet !== signer) throw missing(body.offerId);
    throw new AppError("FORBIDDEN", `Only the owner or an Editor of outlet "${outlet.slug}" may withdraw its role offers; decline an offer made to you instead`);
  }
  const refusal = row.offered_by === signer ? undefined : withdrawRefusal({ outletSlug: outlet.slug, roleId: row.role_id, actorIsOwner: signer === outlet.owner_wallet });
  if (refusal) throw new AppError("FORBIDDEN", refusal);
  assertOpen(row, at);
  return close(db, row, "withdrawn", signer, at);
}
