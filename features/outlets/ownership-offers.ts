import "server-only";
import type { Address } from "viem";
import type { Db, DbOrTrx, Trx } from "@/lib/db/database";
import type { OutletRow, OwnershipOfferRow } from "@/lib/db/tables/outlets.table";
import { countNeverVerifiedOutletsOf, getOutletBySlugOrThrow, getOutletByIdOrThrow } from "@/features/outlets/outlets.repository";
import { activeRolesAt, findActiveRole } from "@/features/roles/roles.repository";
import { canManageOutlet } from "@/features/roles/authorize";
import { prepareWalletSync, stageWalletSync } from "@/features/roles/bond-sync";
import { insertActivity, type ActivityEntry } from "@/features/wallet/activity.repository";
import { ZOwnershipOffer, type TOwnershipOffer } from "@/features/outlets/outlets.schema";
import { AppError, notFound } from "@/lib/errors/app-error";
import { isUniqueViolation } from "@/lib/errors/unique-violation";
import { ROLE, roleDefinition } from "@/lib/roles/role-catalog";
import { formerOwnerKeepsMemberFlag, ownershipAcceptRefusal, ownershipOfferRefusal, wouldPassUnverifiedBound, type OwnershipRefusal } from "@/lib/roles/ownership-rules";
import { activityTime } from "@/lib/chain/server/role-registry-reads";
import { withNonceRetry } from "@/lib/chain/operator/queue-operator-tx";
import { broadcastAndAwait } from "@/lib/chain/operator/await-operator-tx";
import { outletRecord } from "./outlet-record";
import { closeOpenRoleOffersBy } from "@/features/roles/role-offers.repository";
import { config } from "@/lib/config/config";
import { OFFER_REPEAT_WINDOW_SECONDS, offerRepeatError, offerRepeatRefusal } from "@/lib/roles/offer-repeats";
import {
  closeOpenOwnershipOffers,
  closeOwnershipOffer,
  findOpenOwnershipOffer,
  findOwnershipOffer,
  insertOwnershipOffer,
  moveOutletOwner,
  ownershipOfferWithdrawalsSince,
} from "./ownership-offers.repository";

// Ownership of an outlet is handed over, not taken (docs/DECISIONS.md): the owner offers it to one of the outlet's
// Editors, who accepts or declines; the owner may withdraw it. One open offer per outlet. Nothing changes on chain
// until the accept: then, in one SQL transaction, the outlet's owner changes, the offer closes, both wallets get
// their activity and inbox entries and the member-flag transactions are staged; they are broadcast after commit.

const refused = (refusal: OwnershipRefusal) => new AppError(refusal.code, refusal.message);
const missing = (offerId: number) => notFound("NOT_FOUND", `Ownership offer ${offerId} not found`);
const answeredMeanwhile = (offerId: number) => new AppError("INVALID_STATE", `Ownership offer ${offerId} was answered meanwhile`);

function offerView(row: OwnershipOfferRow, outletName: string): TOwnershipOffer {
  return ZOwnershipOffer.parse({
    offerId: String(row.id),
    outletSlug: row.outlet_slug,
    outletName,
    wallet: row.wallet,
    offeredBy: row.offered_by,
    offeredAt: String(row.offered_at),
    status: row.status,
    closedAt: row.closed_at === null ? null : String(row.closed_at),
  });
}

const isEditor = async (db: Db, outlet: OutletRow, wallet: string) => (await findActiveRole(db, outlet.id, wallet, ROLE.EDITOR)) !== undefined;

/** Whether `wallet` taking the outlet over would own more never-verified outlets than one wallet may. */
const pastUnverifiedBound = async (db: DbOrTrx, outlet: OutletRow, wallet: string) => wouldPassUnverifiedBound(await countNeverVerifiedOutletsOf(db, wallet), outlet.first_verified_at === null);

/** The accept's refusal for the one check that failed in its transaction. */
const acceptRefused = (outletSlug: string, failed: Partial<Omit<Parameters<typeof ownershipAcceptRefusal>[0], "outletSlug">>) =>
  refused(ownershipAcceptRefusal({ outletSlug, offeredByIsOwner: true, walletIsEditor: true, walletPastUnverifiedBound: false, ...failed })!);

/** POST /api/outlets/ownership/offer: the owner offers the outlet to one of its Editors. */
export async function offerOwnership(db: Db, actor: Address, body: { outletSlug: string; wallet: Address }, now: number) {
  const outlet = await getOutletBySlugOrThrow(db, body.outletSlug);
  const at = await activityTime(now);
  const open = await findOpenOwnershipOffer(db, outlet.id);
  const refusal = ownershipOfferRefusal({
    outletSlug: outlet.slug,
    wallet: body.wallet,
    actorIsOwner: actor === outlet.owner_wallet,
    walletIsOwner: body.wallet === outlet.owner_wallet,
    walletIsEditor: await isEditor(db, outlet, body.wallet),
    openOfferTo: open?.wallet,
    walletPastUnverifiedBound: await pastUnverifiedBound(db, outlet, body.wallet),
  });
  if (refusal) throw refused(refusal);
  const alreadyOpen = () => new AppError("CONFLICT", `The ownership of outlet "${outlet.slug}" was offered by another request meanwhile; withdraw that offer first`);
  const row = await db
    .transaction()
    .execute(async (trx) => {
      // offering and withdrawing again and again would fill the Editor's inbox: bounded per day (lib/roles/offer-repeats.ts)
      const withdrawnAt = await ownershipOfferWithdrawalsSince(trx, outlet.id, body.wallet, at - OFFER_REPEAT_WINDOW_SECONDS);
      const repeated = offerRepeatRefusal({ wallet: body.wallet, what: `The ownership of outlet "${outlet.slug}"`, withdrawnAt, limit: config().CAPSULE_OFFER_WITHDRAWALS_PER_DAY, at });
      if (repeated) throw offerRepeatError(repeated, at);
      const offer = await insertOwnershipOffer(trx, { outlet_id: outlet.id, outlet_slug: outlet.slug, wallet: body.wallet, offered_by: actor, offered_at: at });
      const details = { offerId: String(offer.id), outletName: outlet.name, wallet: body.wallet, offeredBy: actor };
      await insertActivity(trx, [
        { wallet: actor, kind: "outlet.ownership_offered", outletSlug: outlet.slug, subjectId: String(offer.id), details: { ...details, side: "owner" }, createdAt: at },
        // the Editor's inbox says so
        { wallet: body.wallet, kind: "inbox.ownership_offered", outletSlug: outlet.slug, subjectId: String(offer.id), details, createdAt: at },
      ]);
      return offer;
    })
    .catch((error: unknown) => {
      // another request's offer committed between the check and the insert: the unique index refused this one
      throw isUniqueViolation(error) ? alreadyOpen() : error;
    });
  return { ok: true as const, offer: offerView(row, outlet.name) };
}

/** POST /api/outlets/ownership/offers: the outlet's open offer, to its owner and its Editors (null to anyone else). */
export async function readOwnershipOffer(db: Db, signer: Address, body: { outletSlug: string }) {
  const outlet = await getOutletBySlugOrThrow(db, body.outletSlug);
  const open = (await canManageOutlet(db, outlet, signer)) ? await findOpenOwnershipOffer(db, outlet.id) : undefined;
  return { ok: true as const, outletSlug: outlet.slug, offer: open ? offerView(open, outlet.name) : null };
}

/** The open offer `offerId`, for a wallet allowed to see it (the outlet's owner and Editors); others get the 404 of a missing one. */
async function openOfferFor(db: Db, signer: Address, offerId: number) {
  const row = await findOwnershipOffer(db, offerId);
  if (!row) throw missing(offerId);
  const outlet = await getOutletByIdOrThrow(db, row.outlet_id);
  if (row.wallet !== signer && !(await canManageOutlet(db, outlet, signer))) throw missing(offerId);
  if (row.status !== "pending") {
    throw new AppError("INVALID_STATE", `Ownership offer ${offerId} was ${row.status}; only an open offer can be answered`, { details: { offerStatus: row.status } });
  }
  return { row, outlet };
}

/** POST /api/outlets/ownership/withdraw: the owner takes its open offer back (nothing changes on chain). */
export async function withdrawOwnershipOffer(db: Db, signer: Address, body: { offerId: number }, now: number) {
  const { row, outlet } = await openOfferFor(db, signer, body.offerId);
  if (signer !== outlet.owner_wallet) {
    const words = row.wallet === signer ? "; decline an offer made to you instead" : "";
    throw new AppError("FORBIDDEN", `Only the owner of outlet "${outlet.slug}" may withdraw the offer of its ownership${words}`);
  }
  const closed = await closeOwnershipOffer(db, row.id, "withdrawn", signer, await activityTime(now));
  if (!closed) throw answeredMeanwhile(row.id);
  return { ok: true as const, offer: offerView(closed, outlet.name) };
}

/** POST /api/outlets/ownership/decline: the offered Editor says no; the owner's inbox says so. */
export async function declineOwnershipOffer(db: Db, signer: Address, body: { offerId: number }, now: number) {
  const { row, outlet } = await openOfferFor(db, signer, body.offerId);
  if (row.wallet !== signer) throw new AppError("FORBIDDEN", `Only ${row.wallet}, to whom it is offered, may decline the ownership of outlet "${outlet.slug}"; its owner may withdraw the offer`);
  const at = await activityTime(now);
  const closed = await db.transaction().execute(async (trx) => {
    const closed = await closeOwnershipOffer(trx, row.id, "declined", signer, at);
    if (!closed) throw answeredMeanwhile(row.id);
    await insertActivity(trx, [
      { wallet: row.offered_by, kind: "inbox.ownership_declined", outletSlug: outlet.slug, subjectId: String(row.id), details: { offerId: String(row.id), outletName: outlet.name, wallet: signer }, createdAt: at },
    ]);
    return closed;
  });
  return { ok: true as const, offer: offerView(closed, outlet.name) };
}

/**
 * At a handover, in the accept's transaction: the open offers the former owner made at the outlet that rested on its
 * ownership are closed (docs/DECISIONS.md, "Offers close when the ownership or the role they rest on ends"), and each
 * grantee's inbox says why. Those are its offers of the Editor role (only the owner appoints Editors), any other offer
 * of the ownership, and, when it holds no Editor role there, its Journalist and Reporter offers too (an Editor's stay
 * good, as any Editor's). Closed as withdrawn by nobody (closed_by null), so the grantee's offer entry reads as
 * withdrawn and the closings do not count against the offers' daily bound.
 */
async function closeFormerOwnersOffers(trx: Trx, outlet: OutletRow, former: Address, newOwner: Address, at: number): Promise<ActivityEntry[]> {
  const stillEditor = (await findActiveRole(trx, outlet.id, former, ROLE.EDITOR)) !== undefined;
  const roleIds = stillEditor ? [ROLE.EDITOR] : [ROLE.EDITOR, ROLE.JOURNALIST, ROLE.REPORTER];
  const roleOffers = await closeOpenRoleOffersBy(trx, outlet.id, former, roleIds, at);
  const ownershipOffers = await closeOpenOwnershipOffers(trx, outlet.id, { offeredBy: former }, at);
  const common = { outletName: outlet.name, reason: "ownership_passed", offeredBy: former, newOwner };
  return [
    ...roleOffers.map((offer): ActivityEntry => ({
      wallet: offer.wallet,
      kind: "inbox.offer_closed",
      outletSlug: outlet.slug,
      subjectId: String(offer.id),
      details: { ...common, offerKind: "role", offerId: String(offer.id), roleId: offer.role_id, roleName: roleDefinition(offer.role_id)?.name ?? `Role ${offer.role_id}` },
      createdAt: at,
    })),
    ...ownershipOffers.map((offer): ActivityEntry => ({
      wallet: offer.wallet,
      kind: "inbox.offer_closed",
      outletSlug: outlet.slug,
      subjectId: String(offer.id),
      details: { ...common, offerKind: "ownership", offerId: String(offer.id) },
      createdAt: at,
    })),
  ];
}

/**
 * POST /api/outlets/ownership/accept: the offered Editor takes the outlet over. Checked first (the offerer still owns
 * it, the wallet still holds its Editor role), then the chain writes are pre-flighted outside any transaction: the new
 * owner's member flag (off the outlet's juries, on its side in its cases) and, when the former owner holds no role
 * there any more, the clearing of its flag (it keeps it while it holds one: docs/DECISIONS.md). One transaction moves
 * the owner (only if the offerer still owns it), closes the offer, writes both wallets' activity and inbox entries and
 * stages the signed transactions; they are broadcast and awaited after commit.
 */
export async function acceptOwnershipOffer(db: Db, signer: Address, body: { offerId: number }, now: number) {
  const { row, outlet } = await openOfferFor(db, signer, body.offerId);
  if (row.wallet !== signer) throw new AppError("FORBIDDEN", `Only ${row.wallet}, to whom it is offered, may accept the ownership of outlet "${outlet.slug}"`);
  const former = row.offered_by as Address;
  const refusal = ownershipAcceptRefusal({
    outletSlug: outlet.slug,
    offeredByIsOwner: outlet.owner_wallet === former,
    walletIsEditor: await isEditor(db, outlet, signer),
    walletPastUnverifiedBound: await pastUnverifiedBound(db, outlet, signer),
  });
  if (refusal) throw refused(refusal);
  const at = await activityTime(now);
  const formerKeeps = formerOwnerKeepsMemberFlag((await activeRolesAt(db, outlet.id, former)).map((r) => r.roleId));
  const plans = [
    await prepareWalletSync(db, signer, {}, undefined, { slug: outlet.slug, member: true }),
    ...(formerKeeps ? [] : [await prepareWalletSync(db, former, {}, undefined, { slug: outlet.slug, member: false })]),
  ];
  const { moved, closed, staged } = await withNonceRetry(db, async (trx) => {
    const closed = await closeOwnershipOffer(trx, row.id, "accepted", signer, at);
    if (!closed) throw answeredMeanwhile(row.id);
    // the Editor role checked again in the transaction: a revocation committed since the check refuses the accept
    if (!(await findActiveRole(trx, outlet.id, signer, ROLE.EDITOR))) throw acceptRefused(outlet.slug, { walletIsEditor: false });
    const moved = await moveOutletOwner(trx, outlet.id, former, signer, now);
    if (!moved) throw acceptRefused(outlet.slug, { offeredByIsOwner: false });
    // counted again after the move (less the outlet itself), in the transaction that holds the operator's nonce lock on
    // PostgreSQL (SQLite's one writer) as a registration's count does: an accept and a registration, or two accepts,
    // sent at once never take the wallet past the bound together
    const othersNeverVerified = (await countNeverVerifiedOutletsOf(trx, signer)) - (moved.first_verified_at === null ? 1 : 0);
    if (wouldPassUnverifiedBound(othersNeverVerified, moved.first_verified_at === null)) throw acceptRefused(outlet.slug, { walletPastUnverifiedBound: true });
    const details = { offerId: String(row.id), outletName: outlet.name, from: former, to: signer };
    const entry = (wallet: string, kind: string, side: string): ActivityEntry => ({ wallet, kind, outletSlug: outlet.slug, subjectId: String(row.id), details: { ...details, side }, createdAt: at });
    await insertActivity(trx, [
      entry(former, "outlet.ownership_transferred", "from"),
      entry(signer, "outlet.ownership_transferred", "to"),
      entry(former, "inbox.ownership_transferred", "from"),
      entry(signer, "inbox.ownership_transferred", "to"),
      ...(await closeFormerOwnersOffers(trx, outlet, former, signer, at)),
    ]);
    const staged = [];
    for (const plan of plans) staged.push(...(await stageWalletSync(trx, plan)));
    return { moved, closed, staged };
  });
  // after commit, outside any SQL transaction: the member flags reach the chain
  const txHashes = (await broadcastAndAwait(db, staged, "set the new owner's member flag")).map((tx) => tx.hash);
  return { ok: true as const, offer: offerView(closed, outlet.name), outlet: await outletRecord(db, moved, now), txHashes };
}
