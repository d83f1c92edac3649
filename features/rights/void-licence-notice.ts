import type { Trx } from "@/lib/db/database";
import { LOCK_SPACE, takeTransactionLockOn } from "@/lib/db/server-functions";
import { voidLicenceOfPayment } from "@/features/rights/licence-escrow.repository";
import { hasActivityAbout, insertActivity } from "@/features/wallet/activity.repository";
import { nameInChange } from "@/lib/indexer/change-feed";

// A licence turns void when LicenceEscrow refunds the payment the bridge decided to release for it (the buyer's
// reclaim mined before the operator's release). Its buyer and the seller's side (the listing's lister and its payee)
// are told in their inboxes. The notice is a chain-derived activity row: it names the Refunded transaction and its
// block time, a rebuild or a rewind removes it (resetLicenceEscrow) and the replayed Refunded writes it again.

/** Inbox kinds of a void licence: the buyer's, and the seller's side's. */
export const voidLicenceKinds = { buyer: "inbox.licence_void", seller: "inbox.licence_sale_void" } as const;

/**
 * Writes the void licence's notices if payment `paymentId` paid for a licence and went back to its buyer, and they are
 * not written yet. Called from both halves of the fact, under one lock on the payment: the projection of Refunded
 * (the usual order: the release decided, then the reclaim mined) and the bridge's release decision (a reclaim mined
 * and projected while the request checked the deposit). Whichever comes second sees the other and writes; never both.
 */
export async function announceVoidLicence(trx: Trx, paymentId: number): Promise<void> {
  await takeTransactionLockOn(trx, LOCK_SPACE.escrowPayment, paymentId);
  const voided = await voidLicenceOfPayment(trx, paymentId);
  if (!voided) return;
  const { settle_tx_hash: txHash, settled_at: at } = voided;
  if (txHash === null || at === null) return;
  const subjectId = String(voided.licence_id);
  const sellers = [...new Set([voided.created_by, voided.payee ?? voided.created_by])];
  if (await hasActivityAbout(trx, [voided.buyer, ...sellers], Object.values(voidLicenceKinds), subjectId)) return;
  const details = {
    licenceId: subjectId,
    listingId: String(voided.listing_id),
    capsuleId: String(voided.capsule_id),
    licenceType: voided.licence_type,
    paymentId: String(paymentId),
    amount: voided.amount,
  };
  const entry = (wallet: string, kind: string, extra: Record<string, unknown> = {}) => ({
    wallet,
    kind,
    outletSlug: voided.outlet_slug,
    subjectId,
    details: { ...details, ...extra },
    txHash,
    createdAt: at,
  });
  await insertActivity(trx, [entry(voided.buyer, voidLicenceKinds.buyer), ...sellers.map((wallet) => entry(wallet, voidLicenceKinds.seller, { buyer: voided.buyer }))]);
  // Refunded names only the buyer: the indexer's change names the seller's side too, so their open inboxes re-read at
  // once (both are public on the listing, as the void is on /rights); in the grant's transaction, the sale's own push
  nameInChange(trx, sellers);
}
