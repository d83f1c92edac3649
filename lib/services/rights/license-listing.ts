import "server-only";
import { getAddress, type Address, type Hex } from "viem";
import type { Db } from "@/lib/db/database";
import { findLicenceByPayment, getListingOrThrow, insertLicence, licencesOfListings } from "@/lib/db/repositories/rights.repository";
import { insertActivity } from "@/lib/db/repositories/activity.repository";
import { AppError } from "@/lib/errors/app-error";
import type { TLicenseBody } from "@/lib/schemas/rights";
import { activityTime } from "@/lib/services/roles/role-registry-chain";
import { database } from "@/lib/db/client";
import { bridgeChange } from "@/lib/live/live-hub";
import { defaultRightsChain, type RightsChain } from "./chain-deps";
import { licenceObject, listingObject, listingPayee, listingStatus } from "./listing-view";
import { verifyPayment, type VerifiedPayment } from "./payment-check";
import { isUniqueViolation } from "@/lib/errors/unique-violation";

const soldOut = (listingId: number) => new AppError("CONFLICT", `Rights listing ${listingId} is exclusive and has already been licensed`);
const paymentUsed = (txHash: string, licenceId: number | undefined) =>
  new AppError("CONFLICT", `Payment ${txHash} already paid for ${licenceId ? `licence ${licenceId}` : "another licence"}; one transaction pays for one licence`, {
    details: { paymentTxHash: txHash, ...(licenceId ? { licenceId: String(licenceId) } : {}) },
  });

/**
 * POST /api/rights/license — any wallet licenses an active listing; an exclusive one only once; a priced
 * one only with a verified payment (lib/services/rights/payment-check.ts). Checks: 404 → 409 sold →
 * 409 expired → 400 (payment for a free listing) / 402 (no payment) → 409 (payment already used) →
 * 422 (payment wrong) / 503 → insert (unique indexes settle races: exclusivity, one payment per licence).
 * The chain is read before the SQL transaction, never inside it.
 */
export async function licenseListing(db: Db, wallet: Address, body: TLicenseBody, now: number, chain: RightsChain = defaultRightsChain()) {
  const listing = await getListingOrThrow(db, body.listingId);
  const existing = await licencesOfListings(db, [listing.id]);
  const status = listingStatus(listing, existing.length, now);
  if (status === "sold") throw soldOut(listing.id);
  if (status === "expired") throw new AppError("INVALID_STATE", `Rights listing ${listing.id} expired at ${listing.expires_at}; it cannot be licensed`);

  const price = BigInt(listing.price);
  const payee = getAddress(listingPayee(listing));
  let payment: VerifiedPayment | undefined;
  if (price === 0n) {
    if (body.paymentTxHash) {
      throw new AppError("VALIDATION_ERROR", "Invalid body: paymentTxHash", { issues: [{ path: "paymentTxHash", message: `listing ${listing.id} is free; send no payment` }] });
    }
  } else {
    if (!body.paymentTxHash) {
      throw new AppError("PAYMENT_REQUIRED", `Rights listing ${listing.id} costs ${listing.price} wei: send at least that to ${payee} from ${wallet}, then repeat this request with the transaction hash as paymentTxHash`, {
        details: { payee, price: listing.price },
      });
    }
    const used = await findLicenceByPayment(db, body.paymentTxHash);
    if (used) throw paymentUsed(body.paymentTxHash, used.id);
    payment = await verifyPayment(chain.client, body.paymentTxHash as Hex, {
      payer: wallet,
      payee,
      price,
      afterBlock: listing.created_block,
      confirmations: chain.confirmations,
    });
  }

  const at = await activityTime(now);
  // the seller's inbox moves on open pages (issue 13)
  const pushed = bridgeChange(database(), { what: "rights.licence_sold", capsuleIds: [String(listing.capsule_id)], wallets: [wallet, listing.created_by] });
  try {
    const licence = await db.transaction().execute(async (trx) => {
      const row = await insertLicence(trx, {
        listing_id: listing.id,
        capsule_id: listing.capsule_id,
        buyer: wallet,
        price: listing.price,
        currency: listing.currency,
        payment_tx_hash: payment?.txHash ?? null,
        verified_payment_tx_hash: payment?.txHash ?? null,
        payment_from: payment?.from ?? null,
        payment_to: payment ? getAddress(payment.to) : null,
        payment_value: payment?.value.toString() ?? null,
        payment_block: payment?.blockNumber ?? null,
        exclusive_listing_id: listing.licence_type === "exclusive" ? listing.id : null,
        created_at: at,
      });
      const details = { listingId: String(listing.id), capsuleId: String(listing.capsule_id), price: listing.price, licenceType: listing.licence_type };
      await insertActivity(trx, [
        { wallet, kind: "rights.licensed", outletSlug: listing.outlet_slug, subjectId: String(row.id), details, txHash: payment?.txHash ?? null, createdAt: at },
        { wallet: listing.created_by, kind: "rights.licence_sold", outletSlug: listing.outlet_slug, subjectId: String(row.id), details: { ...details, buyer: wallet }, txHash: payment?.txHash ?? null, createdAt: at },
      ]);
      await pushed.inTransaction(trx);
      return row;
    });
    pushed.afterCommit();
    return { ok: true as const, licence: licenceObject(licence), listing: listingObject(listing, existing.length + 1, now) };
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const used = payment ? await findLicenceByPayment(db, payment.txHash) : undefined;
    if (payment && used) throw paymentUsed(payment.txHash, used.id);
    throw soldOut(listing.id);
  }
}
