import "server-only";
import { getAddress, type Address, type Hex } from "viem";
import type { Db, Trx } from "@/lib/db/database";
import { findEscrowSettlement, insertEscrowSettlement } from "@/features/rights/licence-escrow.repository";
import { listContributors } from "@/features/capsules/capsules-parts.repository";
import type { EscrowRefundReason, LicenceEscrowSettlementRow } from "@/lib/db/tables/rights.table";
import { operatorCalls } from "@/lib/chain/operator/operator-calls";
import { broadcastStaged, prepareOperatorTx, stageOperatorTx, withNonceRetry } from "@/lib/chain/operator/queue-operator-tx";
import { awaitOperatorTx } from "@/lib/chain/operator/await-operator-tx";
import type { RevertOverrides } from "@/lib/chain/operator/revert-decoder";
import type { OutboxRow } from "@/lib/db/tables/operator-outbox.table";
import { requireDeployment } from "@/lib/chain/server/current-deployment";
import { splitRevenue } from "@/features/capsules/revenue-split";
import { TOTAL_SHARE_BPS } from "@/features/capsules/contributors";
import { config } from "@/lib/config/config";
import { AppError } from "@/lib/errors/app-error";
import { logError } from "@/lib/log";
import { syncProjectionThrough } from "@/lib/indexer/projection-sync";

// What the bridge does with a licence payment held by LicenceEscrow (issue 29 item 5): release it to
// the payee and the contributors when the licence is granted, refund it when the buyer lost the race
// for an exclusive listing or the licence was refused. Each goes through the operator outbox; the
// decision is one row per payment (licence_escrow_settlements), written in the transaction that
// stages the operator's transaction, so a payment is settled once.

const MAX_CONTRIBUTORS = 50;
const REFUND_REASON = { lost_race: 0, refused: 1 } as const;

export const escrowAddress = (): Address => getAddress(requireDeployment().contracts.licenceEscrow.address);

export type Settlement = { paymentId: string; action: "release" | "refund"; refundReason: EscrowRefundReason | null; txHash: Hex; status: "mined" | "sent" };

const alreadySettled = (paymentId: bigint) => () => new AppError("CONFLICT", `Escrow payment ${paymentId} was already released or refunded`);
export const escrowReverts = (paymentId: bigint): RevertOverrides => ({ NotHeld: alreadySettled(paymentId), UnknownPayment: () => new AppError("CONFLICT", `The escrow holds no payment ${paymentId}`) });

export const settlementOf = (d: LicenceEscrowSettlementRow, status: Settlement["status"]): Settlement => ({
  paymentId: String(d.payment_id),
  action: d.action,
  refundReason: d.refund_reason,
  txHash: d.tx_hash as Hex,
  status,
});

/**
 * Who a release pays: the payee `CAPSULE_LICENCE_PAYEE_SHARE_BPS` of the amount, the contributors the
 * rest by shareBps. Shares that do not sum to 10 000, or more contributors than the contract takes,
 * leave the whole amount to the payee (the contract would refuse the split).
 */
export async function releaseShares(db: Db | Trx, capsuleId: number, amount: bigint, payee: Address) {
  const active = (await listContributors(db, capsuleId)).map((c) => ({ wallet: getAddress(c.wallet), shareBps: c.share_bps }));
  const total = active.reduce((sum, c) => sum + c.shareBps, 0);
  const contributors = total === TOTAL_SHARE_BPS && active.length <= MAX_CONTRIBUTORS ? active : [];
  const payeeBps = contributors.length === 0 ? TOTAL_SHARE_BPS : config().CAPSULE_LICENCE_PAYEE_SHARE_BPS;
  const split = splitRevenue(amount, payeeBps, contributors);
  return {
    payeeBps,
    contributors,
    recipients: [
      { wallet: payee, party: "payee" as const, shareBps: 0, amount: split.firstParty.toString() },
      ...split.contributors.map((c) => ({ wallet: c.wallet, party: "contributor" as const, shareBps: c.shareBps, amount: c.amount.toString() })),
    ],
  };
}

/**
 * How a licence's release that reverted NotHeld is answered: the bridge decided to release the payment (once, and it
 * refunds no payment it decided to release), so the escrow no longer holding it means its buyer reclaimed it first.
 */
export const releaseReverts = (paymentId: bigint, licenceId: number): RevertOverrides => ({
  ...escrowReverts(paymentId),
  NotHeld: () =>
    new AppError(
      "CONFLICT",
      `Licence ${licenceId} is void: you reclaimed escrow payment ${paymentId} before the operator's release of it was mined, so the release reverted and the payment went back to you; the licence grants nothing`,
      { details: { licenceId: String(licenceId), paymentId: paymentId.toString(), licenceStatus: "void" } },
    ),
});

/** After the staging transaction committed: broadcast, wait for the receipt, and project it. */
export async function carryOut(db: Db, row: OutboxRow, what: string, paymentId: bigint, reverts: RevertOverrides = escrowReverts(paymentId)): Promise<"mined" | "sent"> {
  const queued = await broadcastStaged(db, row, what);
  const outcome = await awaitOperatorTx(db, queued, reverts);
  if (outcome.status === "mined") await syncProjectionThrough(outcome.blockNumber);
  return outcome.status;
}

type HeldPayment = { paymentId: bigint; listingId: number; buyer: Address };

/**
 * Decides to refund a held payment and stages the operator's refund, unless the payment is decided already (then that
 * decision): the estimate first, a chain call outside any SQL transaction (it fails with 409 when the escrow no longer
 * holds the payment), then one transaction under the nonce lock that re-checks the payment is undecided, stages the
 * refund in the operator outbox and writes the decision. Nothing is broadcast here.
 */
export async function stageRefund(db: Db, payment: HeldPayment, reason: EscrowRefundReason, now: number): Promise<{ decided: LicenceEscrowSettlementRow } | { row: OutboxRow; what: string }> {
  const id = Number(payment.paymentId);
  const earlier = await findEscrowSettlement(db, id);
  if (earlier) return { decided: earlier };
  const what = `refund escrow payment ${id}`;
  let prepared: Awaited<ReturnType<typeof prepareOperatorTx>>;
  try {
    prepared = await prepareOperatorTx(what, operatorCalls.refundLicencePayment(payment.paymentId, REFUND_REASON[reason]), escrowReverts(payment.paymentId));
  } catch (error) {
    // another request (or the leader's pass) settled it between the look-up and the estimate
    const settled = await findEscrowSettlement(db, id);
    if (settled) return { decided: settled };
    throw error;
  }
  return withNonceRetry(db, async (trx): Promise<{ decided: LicenceEscrowSettlementRow } | { row: OutboxRow; what: string }> => {
    const decided = await findEscrowSettlement(trx, id);
    if (decided) return { decided };
    const row = await stageOperatorTx(trx, prepared, { purpose: "rights.escrow", links: { wallet: payment.buyer } });
    await insertEscrowSettlement(trx, { payment_id: id, listing_id: payment.listingId, buyer: payment.buyer, action: "refund", refund_reason: reason, licence_id: null, tx_hash: row.tx_hash, created_at: now });
    return { row, what };
  });
}

/**
 * Refunds a held payment to its buyer (once: a payment already decided returns that decision), and waits for the
 * receipt. The pre-flight estimate fails with 409 when the escrow no longer holds it.
 */
export async function refundPayment(db: Db, payment: HeldPayment, reason: EscrowRefundReason, now: number): Promise<Settlement> {
  const staged = await stageRefund(db, payment, reason, now);
  if ("decided" in staged) return settlementOf(staged.decided, "sent");
  const status = await carryOut(db, staged.row, staged.what, payment.paymentId);
  return { paymentId: String(payment.paymentId), action: "refund", refundReason: reason, txHash: staged.row.tx_hash as Hex, status };
}

/**
 * A refund the licence answer reports beside its refusal; a refund that could not be queued is logged
 * (the buyer can still reclaim the payment after the escrow's waiting time) and reported as null.
 */
export async function refundBesideRefusal(db: Db, payment: { paymentId: bigint; listingId: number; buyer: Address }, reason: EscrowRefundReason, now: number): Promise<Settlement | null> {
  try {
    return await refundPayment(db, payment, reason, now);
  } catch (error) {
    logError("rights-escrow", error, { what: "refund", paymentId: String(payment.paymentId) });
    return null;
  }
}
