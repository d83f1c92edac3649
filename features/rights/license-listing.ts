import "server-only";
import { getAddress, type Address, type Hex } from "viem";
import type { Db } from "@/lib/db/database";
import { findLicenceByPayment, findListing, freeExclusiveSlotOfVoidLicences, getListingOrThrow, insertLicence, licencesOfListings, lockCapsuleListings } from "@/features/rights/rights.repository";
import { findEscrowSettlement, insertEscrowSettlement } from "@/features/rights/licence-escrow.repository";
import { insertActivity } from "@/features/wallet/activity.repository";
import type { RightsListingRow } from "@/lib/db/tables/rights.table";
import type { OutboxRow } from "@/lib/db/tables/operator-outbox.table";
import { operatorCalls } from "@/lib/chain/operator/operator-calls";
import { prepareOperatorTx, stageOperatorTx, withNonceRetry } from "@/lib/chain/operator/queue-operator-tx";
import { AppError } from "@/lib/errors/app-error";
import type { TLicenseBody } from "@/features/rights/rights.schema";
import { activityTime } from "@/lib/chain/server/role-registry-reads";
import { database } from "@/lib/db/client";
import { bridgeChange } from "@/lib/live/live-hub";
import { defaultRightsChain, type RightsChain } from "./chain-deps";
import { licencesInForce, licenceObject, listingNames, listingObject, listingPayee, listingStatus } from "./listing-view";
import { DepositRefused, refusedProblems, verifyDeposit, type VerifiedDeposit } from "./escrow-deposit";
import { carryOut, escrowReverts, refundBesideRefusal, releaseReverts, releaseShares, settlementOf, type Settlement } from "./escrow-settlement";
import { requestLostRaceRefunds } from "./lost-race-refunds";
import { announceVoidLicence } from "./void-licence-notice";
import { syncProjectionThrough } from "@/lib/indexer/projection-sync";
import { isUniqueViolation } from "@/lib/errors/unique-violation";

const soldOut = (listingId: number, refund?: Settlement | null) =>
  new AppError("CONFLICT", `Rights listing ${listingId} is exclusive and has already been licensed${refund ? `; your payment is refunded (${refund.txHash})` : ""}`, {
    ...(refund !== undefined ? { details: { refund } } : {}),
  });
const paymentUsed = (txHash: string, licenceId: number | undefined) =>
  new AppError("CONFLICT", `Payment ${txHash} already paid for ${licenceId ? `licence ${licenceId}` : "another licence"}; one transaction pays for one licence`, {
    details: { paymentTxHash: txHash, ...(licenceId ? { licenceId: String(licenceId) } : {}) },
  });
const expired = (listing: RightsListingRow, refund?: Settlement | null) =>
  new AppError("INVALID_STATE", `Rights listing ${listing.id} expired at ${listing.expires_at}; it cannot be licensed${refund ? `; your payment is refunded (${refund.txHash})` : ""}`, {
    ...(refund !== undefined ? { details: { refund } } : {}),
  });

const withdrawn = (listing: RightsListingRow, refund?: Settlement | null) =>
  new AppError("INVALID_STATE", `Rights listing ${listing.id} was withdrawn by its seller; it cannot be licensed${refund ? `; your payment is refunded (${refund.txHash})` : ""}`, {
    ...(refund !== undefined ? { details: { refund } } : {}),
  });

type Refusal = "sold" | "withdrawn" | "expired";
const isRefusal = (why: string): why is Refusal => why === "sold" || why === "withdrawn" || why === "expired";
/** The answer to a listing that cannot be licensed (now), with the refund of the buyer's deposit when there was one. */
const refusal = (why: Refusal, listing: RightsListingRow, refund?: Settlement | null) =>
  why === "sold" ? soldOut(listing.id, refund) : why === "withdrawn" ? withdrawn(listing, refund) : expired(listing, refund);
/** Why a deposit that cannot buy the listing goes back: it lost the race for an exclusive one, or it was refused. */
const refundReason = (why: Refusal) => (why === "sold" ? "lost_race" : "refused");

/** Thrown out of the grant's SQL transaction (rolling it back) to say why it did not grant. */
class NotGranted extends Error {
  constructor(readonly why: "sold" | "used" | "decided" | "withdrawn" | "expired", readonly licenceId?: number, readonly listing?: RightsListingRow) {
    super(why);
  }
}

/** The clock of the grant's check under the capsule's listings lock: the request's time, or later when it waited there. */
const nowOrLater = (now: number) => Math.max(now, Math.floor(Date.now() / 1000));

/**
 * POST /api/rights/license — any wallet licenses an active listing; an exclusive one only once; a priced
 * one only with a verified deposit into LicenceEscrow (./escrow-deposit.ts). Checks: 404 → 400 (payment
 * for a free listing) / 402 (no payment) → 409 (payment already used) → 422 (deposit wrong) / 503 →
 * 409 sold / expired → grant. A valid deposit that cannot buy the listing is refunded: lost race (sold)
 * or refused (expired, short, another payee). The grant writes the licence and stages the escrow's
 * release (payee and contributors by shareBps) in one SQL transaction. The rivals of an exclusive sale are not
 * refunded here: the leader does it once the release is indexed (./lost-race-refunds.ts); the grant asks it for a
 * pass. The chain is read before the SQL transaction, never inside it.
 */
export async function licenseListing(db: Db, wallet: Address, body: TLicenseBody, now: number, chain: RightsChain = defaultRightsChain()) {
  const listing = await getListingOrThrow(db, body.listingId);
  // a void licence (its payment went back to the buyer) neither sells an exclusive listing nor counts
  const existing = licencesInForce(await licencesOfListings(db, [listing.id]));
  const status = listingStatus(listing, existing.length, now);
  const price = BigInt(listing.price);
  if (price === 0n) {
    if (status !== "active") throw refusal(status, listing);
    if (body.paymentTxHash) {
      throw new AppError("VALIDATION_ERROR", "Invalid body: paymentTxHash", { issues: [{ path: "paymentTxHash", message: `listing ${listing.id} is free; send no payment` }] });
    }
    try {
      return await grant(db, wallet, listing, existing.length, now, undefined);
    } catch (error) {
      if (error instanceof NotGranted && isRefusal(error.why)) throw refusal(error.why, error.listing ?? listing);
      throw error;
    }
  }

  const payee = getAddress(listingPayee(listing));
  const escrow = chain.escrow();
  if (!body.paymentTxHash) {
    if (status !== "active") throw refusal(status, listing);
    throw new AppError(
      "PAYMENT_REQUIRED",
      `Rights listing ${listing.id} costs ${listing.price} wei: deposit at least that from ${wallet} into the licence escrow ${escrow} with deposit(${listing.id}, ${payee}), then repeat this request with the deposit's transaction hash as paymentTxHash`,
      { details: { escrow, listingId: String(listing.id), payee, price: listing.price } },
    );
  }
  const used = await findLicenceByPayment(db, body.paymentTxHash);
  if (used) throw paymentUsed(body.paymentTxHash, used.id);

  let deposit: VerifiedDeposit;
  try {
    deposit = await verifyDeposit(chain.client, body.paymentTxHash as Hex, {
      escrow,
      listingId: listing.id,
      payer: wallet,
      payee,
      price,
      afterBlock: listing.created_block,
      confirmations: chain.confirmations,
    });
  } catch (error) {
    if (!(error instanceof DepositRefused)) throw error;
    // settled already: most likely refunded when another buyer won the exclusive listing
    const decided = error.problem === "settled" && error.deposit ? await findEscrowSettlement(db, Number(error.deposit.paymentId)) : undefined;
    if (decided?.action === "refund" && decided.refund_reason === "lost_race") throw soldOut(listing.id, settlementOf(decided, "mined"));
    if (error.deposit && refusedProblems.has(error.problem)) {
      const refund = await refundBesideRefusal(db, { paymentId: error.deposit.paymentId, listingId: listing.id, buyer: wallet }, "refused", now);
      throw new AppError(error.error.code, `${error.error.message}${refund ? `; the deposit is refunded (${refund.txHash})` : ""}`, { details: { ...error.error.details, refund } });
    }
    throw error.error;
  }
  const held = { paymentId: deposit.paymentId, listingId: listing.id, buyer: wallet };
  if (status !== "active") throw refusal(status, listing, await refundBesideRefusal(db, held, refundReason(status), now));
  try {
    return await grant(db, wallet, listing, existing.length, now, deposit);
  } catch (error) {
    // a deposit that cannot buy the listing after all goes back to its buyer
    if (error instanceof NotGranted && isRefusal(error.why)) throw refusal(error.why, error.listing ?? listing, await refundBesideRefusal(db, held, refundReason(error.why), now));
    throw error;
  }
}

async function grant(db: Db, wallet: Address, listing: RightsListingRow, licenceCount: number, now: number, deposit: VerifiedDeposit | undefined) {
  const payee = getAddress(listingPayee(listing));
  const shares = deposit ? await releaseShares(db, listing.capsule_id, deposit.amount, payee) : undefined;
  const release =
    deposit && shares
      ? await prepareOperatorTx(
          `release escrow payment ${deposit.paymentId}`,
          operatorCalls.releaseLicencePayment(deposit.paymentId, shares.payeeBps, shares.contributors.map((c) => c.wallet), shares.contributors.map((c) => c.shareBps)),
          escrowReverts(deposit.paymentId),
        )
      : undefined;
  const at = await activityTime(now);
  // the seller's inbox moves on open pages (issue 13)
  const pushed = bridgeChange(database(), { what: "rights.licence_sold", capsuleIds: [String(listing.capsule_id)], wallets: [wallet, listing.created_by] });
  const exclusive = listing.licence_type === "exclusive";
  let staged: { licence: Awaited<ReturnType<typeof insertLicence>>; row: OutboxRow | undefined };
  try {
    // one writer at a time (SQLite; PostgreSQL's nonce lock): the checks below see every earlier grant. The capsule's
    // listings lock, which listing creation and withdrawal take, orders the grant with them: a listing withdrawn, or
    // one that expired while this request waited (then a clashing exclusive listing may exist), grants nothing.
    staged = await withNonceRetry(db, async (trx) => {
      await lockCapsuleListings(trx, listing.capsule_id);
      const current = (await findListing(trx, listing.id))!;
      if (current.withdrawn_at !== null) throw new NotGranted("withdrawn");
      if (current.expires_at !== null && current.expires_at <= nowOrLater(now)) throw new NotGranted("expired", undefined, current);
      if (deposit) {
        const used = await findLicenceByPayment(trx, deposit.txHash);
        if (used) throw new NotGranted("used", used.id);
        if (await findEscrowSettlement(trx, Number(deposit.paymentId))) throw new NotGranted("decided");
      }
      if (exclusive) {
        if (licencesInForce(await licencesOfListings(trx, [listing.id])).length > 0) throw new NotGranted("sold");
        await freeExclusiveSlotOfVoidLicences(trx, listing.id);
      }
      let licence;
      try {
        licence = await insertLicence(trx, {
          listing_id: listing.id,
          capsule_id: listing.capsule_id,
          buyer: wallet,
          price: listing.price,
          currency: listing.currency,
          payment_tx_hash: deposit?.txHash ?? null,
          verified_payment_tx_hash: deposit?.txHash ?? null,
          payment_from: deposit?.buyer ?? null,
          payment_to: deposit ? payee : null,
          payment_value: deposit?.amount.toString() ?? null,
          payment_block: deposit?.blockNumber ?? null,
          exclusive_listing_id: exclusive ? listing.id : null,
          created_at: at,
        });
      } catch (error) {
        // the unique indexes are the backstop of the checks above
        if (isUniqueViolation(error)) throw new NotGranted(exclusive ? "sold" : "used");
        throw error;
      }
      let row: OutboxRow | undefined;
      if (deposit && release) {
        row = await stageOperatorTx(trx, release, { purpose: "rights.escrow", links: { capsuleId: listing.capsule_id, wallet } });
        await insertEscrowSettlement(trx, { payment_id: Number(deposit.paymentId), listing_id: listing.id, buyer: wallet, action: "release", refund_reason: null, licence_id: licence.id, tx_hash: row.tx_hash, created_at: now });
        // the buyer's reclaim may already be projected (mined after the deposit was checked): the licence is void at once
        await announceVoidLicence(trx, Number(deposit.paymentId));
      }
      const details = { listingId: String(listing.id), capsuleId: String(listing.capsule_id), price: listing.price, licenceType: listing.licence_type };
      await insertActivity(trx, [
        { wallet, kind: "rights.licensed", outletSlug: listing.outlet_slug, subjectId: String(licence.id), details, txHash: deposit?.txHash ?? null, createdAt: at },
        { wallet: listing.created_by, kind: "rights.licence_sold", outletSlug: listing.outlet_slug, subjectId: String(licence.id), details: { ...details, buyer: wallet }, txHash: deposit?.txHash ?? null, createdAt: at },
      ]);
      await pushed.inTransaction(trx);
      return { licence, row };
    });
  } catch (error) {
    if (error instanceof NotGranted && error.why === "used" && deposit) throw paymentUsed(deposit.txHash, error.licenceId);
    if (error instanceof NotGranted && error.why === "decided" && deposit) {
      throw new AppError("CONFLICT", `Escrow payment ${deposit.paymentId} is already being refunded; it cannot pay for a licence`, { details: { paymentId: deposit.paymentId.toString() } });
    }
    throw error;
  }
  pushed.afterCommit();
  let settlement: (Settlement & { payeeBps: number; recipients: NonNullable<typeof shares>["recipients"] }) | null = null;
  if (deposit && staged.row && shares) {
    let status: Settlement["status"];
    try {
      status = await carryOut(db, staged.row, `release escrow payment ${deposit.paymentId}`, deposit.paymentId, releaseReverts(deposit.paymentId, staged.licence.id));
    } catch (error) {
      // the release reverted: the buyer's reclaim was mined first. Once its Refunded is projected the licence reads void
      // (and its notices are written); the answer waits for that when the indexer is there to do it.
      if (error instanceof AppError && error.code === "CONFLICT") await syncProjectionThrough().catch(() => undefined);
      throw error;
    }
    settlement = { paymentId: deposit.paymentId.toString(), action: "release", refundReason: null, txHash: staged.row.tx_hash as Hex, status, payeeBps: shares.payeeBps, recipients: shares.recipients };
  }
  // the deposits that lost the race go back from the leader's duty, once the release is projected released
  if (exclusive) requestLostRaceRefunds();
  const refunds: Settlement[] = [];
  const escrowStatus = settlement?.status === "mined" ? ("released" as const) : null;
  const licence = licenceObject({ ...staged.licence, escrow_payment_id: deposit ? Number(deposit.paymentId) : null, escrow_status: escrowStatus });
  return { ok: true as const, licence, listing: listingObject(listing, licenceCount + 1, now, (await listingNames(db, [listing]))(listing)), settlement, refunds };
}
