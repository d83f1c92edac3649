import { getAddress } from "viem";
import { deleteEscrowPayments, findEscrowPayment, insertEscrowPayment, settleEscrowPayment } from "@/features/rights/licence-escrow.repository";
import { deleteChainLedgerRows, insertLedgerRows } from "@/features/wallet/revenue-ledger.repository";
import { findListing } from "@/features/rights/rights.repository";
import { eventKind, type ProjectionReset, type Projector } from "@/lib/indexer/projector";
import { MAX_ID } from "@/lib/schemas/whole-number";
import { deleteChainActivity } from "@/features/wallet/activity.repository";
import { announceVoidLicence, voidLicenceKinds } from "@/features/rights/void-licence-notice";

// LicenceEscrow events → licence_escrow_payments (held, released, refunded) and, for every transfer
// of a release, a revenue_ledger row (source "licence", keyed by its log) the wallet's earnings read; a refund of a
// payment the bridge had decided to release for a licence (void now) → the inbox notices of that licence.

const refundReasons = ["lost_race", "refused", "reclaimed"] as const;
const num = (value: string | boolean | number | undefined) => Number(value);
/**
 * Anyone may deposit into the escrow naming any listing id up to 2^256 - 1; one beyond what a listing id can be
 * (MAX_ID, what the id columns hold) names no listing, pays for nothing and is not projected: written as it
 * is, it stopped the indexer on PostgreSQL (out of range for bigint) for every later block. Its buyer reclaims it.
 */
const namesNoListing = (listingId: string | boolean | number | undefined) => typeof listingId === "boolean" || listingId === undefined || BigInt(listingId) > BigInt(MAX_ID);

export const projectLicenceEscrow: Projector = async (trx, event) => {
  if (event.contract !== "licenceEscrow") return;
  const paymentId = num(event.args.paymentId);
  switch (eventKind(event)) {
    case "licenceEscrow:Deposited":
      if (namesNoListing(event.args.listingId)) return;
      await insertEscrowPayment(trx, {
        payment_id: paymentId,
        listing_id: num(event.args.listingId),
        buyer: getAddress(String(event.args.buyer)),
        payee: getAddress(String(event.args.payee)),
        amount: String(event.args.amount),
        status: "held",
        payee_bps: null,
        refund_reason: null,
        deposit_tx_hash: event.txHash,
        settle_tx_hash: null,
        deposited_at: event.blockTime,
        settled_at: null,
      });
      return;
    case "licenceEscrow:Paid": {
      const payment = await findEscrowPayment(trx, paymentId);
      const listing = payment ? await findListing(trx, payment.listing_id) : undefined;
      const to = getAddress(String(event.args.to));
      const share = num(event.args.share);
      await insertLedgerRows(trx, [
        {
          wallet: to,
          source: "licence",
          source_id: String(paymentId),
          capsule_id: listing?.capsule_id ?? null,
          outlet_slug: listing?.outlet_slug ?? null,
          party: share === 0 && payment && payment.payee === to ? "payee" : "contributor",
          share_bps: share,
          amount: String(event.args.amount),
          tx_hash: event.txHash,
          source_key: `${event.txHash}:${event.logIndex}`,
          created_at: event.blockTime,
        },
      ]);
      return;
    }
    case "licenceEscrow:Released":
      await settleEscrowPayment(trx, paymentId, { status: "released", payeeBps: num(event.args.payeeBps), txHash: event.txHash, at: event.blockTime });
      return;
    case "licenceEscrow:Refunded":
      await settleEscrowPayment(trx, paymentId, { status: "refunded", refundReason: refundReasons[num(event.args.reason)] ?? "refused", txHash: event.txHash, at: event.blockTime });
      await announceVoidLicence(trx, paymentId);
      return;
  }
};

/** Before a rebuild replays the chain: the escrow's payments, the ledger rows of its releases, the void licences' notices. */
export const resetLicenceEscrow: ProjectionReset = async (trx) => {
  await deleteEscrowPayments(trx);
  await deleteChainActivity(trx, Object.values(voidLicenceKinds));
  await deleteChainLedgerRows(trx);
  return async () => undefined;
};
