import "server-only";
import { formatUnits, isAddressEqual, parseEventLogs, type Address, type Hex, type PublicClient } from "viem";
import { licenceEscrowAbi } from "@/lib/chain/abi";
import { AppError } from "@/lib/errors/app-error";
import { logError } from "@/lib/log";
import { isTransactionNotFound } from "@/lib/chain/transaction-not-found";

// A priced licence is paid by a deposit into LicenceEscrow (issue 29 item 5): one transaction whose
// receipt holds the escrow's Deposited log for the listing, from the licensee, naming the listing's
// payee, of at least the price, mined after the listing was created, with enough confirmations, and
// still held by the escrow for long enough that the release is mined before its buyer may reclaim it.
// Everything is read from the chain node; nothing the client says is trusted.

export type DepositRequirement = {
  escrow: Address;
  listingId: number;
  payer: Address;
  payee: Address;
  price: bigint;
  /** The chain head when the listing was created (null: no lower bound). */
  afterBlock: number | null;
  confirmations: number;
};

export type VerifiedDeposit = { txHash: Hex; paymentId: bigint; buyer: Address; payee: Address; amount: bigint; blockNumber: number };

export type DepositProblem =
  | "not_found"
  | "pending"
  | "failed"
  | "not_a_deposit"
  | "wrong_listing"
  | "wrong_sender"
  | "wrong_recipient"
  | "insufficient_value"
  | "before_listing"
  | "unconfirmed"
  | "reclaimable"
  | "settled";

/** A deposit this buyer made into this very listing that can never pay for it: the bridge refunds it. */
export const refusedProblems: ReadonlySet<DepositProblem> = new Set(["wrong_recipient", "insufficient_value", "reclaimable"]);

/**
 * How long before its buyer may `reclaim` a deposit it still pays for a licence. LicenceEscrow lets the buyer take
 * back a payment `reclaimAfter` seconds (7 days) after the deposit; a licence granted on a deposit that old would
 * race the release against the buyer's own reclaim, and a reclaim mined first leaves the licence unpaid. A day is
 * room for the outbox to get the release mined through a node that is briefly down.
 */
export const RELEASE_MARGIN_SECONDS = 24 * 60 * 60;

export class DepositRefused extends Error {
  constructor(
    readonly problem: DepositProblem,
    readonly deposit: VerifiedDeposit | undefined,
    readonly error: AppError,
  ) {
    super(error.message);
  }
}

const cap = (wei: bigint) => `${formatUnits(wei, 18)} CAP`;
const HELD = 1;

async function onChain<T>(what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (isTransactionNotFound(error)) throw error;
    logError("rights-payment", error, { what });
    throw new AppError("CHAIN_UNAVAILABLE", `The chain node could not be reached to check the payment (${what}); no licence was recorded`);
  }
}

/**
 * Checks the deposit on the node. Returns it when it pays for the listing; throws `DepositRefused`
 * (carrying the PAYMENT_INVALID 422, or a 409 when it was already settled) otherwise, or CHAIN_UNAVAILABLE.
 */
export async function verifyDeposit(client: PublicClient, txHash: Hex, req: DepositRequirement): Promise<VerifiedDeposit> {
  const refuse = (problem: DepositProblem, message: string, deposit?: VerifiedDeposit): DepositRefused =>
    new DepositRefused(
      problem,
      deposit,
      new AppError(problem === "settled" ? "CONFLICT" : "PAYMENT_INVALID", message, {
        details: { reason: problem, paymentTxHash: txHash, escrow: req.escrow, payee: req.payee, price: req.price.toString(), ...(deposit ? { paymentId: deposit.paymentId.toString() } : {}) },
      }),
    );
  let receipt: Awaited<ReturnType<PublicClient["getTransactionReceipt"]>>;
  try {
    receipt = await onChain("receipt", () => client.getTransactionReceipt({ hash: txHash }));
  } catch (error) {
    if (!isTransactionNotFound(error)) throw error;
    const pending = await onChain("transaction", () => client.getTransaction({ hash: txHash })).catch((e: unknown) => {
      if (isTransactionNotFound(e)) return undefined;
      throw e;
    });
    if (pending) throw refuse("pending", `Payment ${txHash} is not mined yet; wait for its receipt and send the licence request again`);
    throw refuse("not_found", `No transaction ${txHash} is known to the chain node; deposit the payment into the escrow first, then send the licence request`);
  }
  if (receipt.status !== "success") throw refuse("failed", `Payment ${txHash} failed on chain (reverted); it deposited nothing`);
  const logs = parseEventLogs({ abi: licenceEscrowAbi, logs: receipt.logs, eventName: "Deposited" }).filter((log) => isAddressEqual(log.address, req.escrow));
  if (logs.length === 0) {
    throw refuse("not_a_deposit", `Transaction ${txHash} deposited nothing into the licence escrow ${req.escrow}; pay with LicenceEscrow.deposit(${req.listingId}, ${req.payee})`);
  }
  const log = logs.find((l) => l.args.listingId === BigInt(req.listingId));
  if (!log) throw refuse("wrong_listing", `Payment ${txHash} is a deposit for listing ${logs[0]!.args.listingId}, not for listing ${req.listingId}`);
  const deposit: VerifiedDeposit = { txHash, paymentId: log.args.paymentId, buyer: log.args.buyer, payee: log.args.payee, amount: log.args.amount, blockNumber: Number(receipt.blockNumber) };
  if (!isAddressEqual(deposit.buyer, req.payer)) throw refuse("wrong_sender", `Payment ${txHash} was deposited by ${deposit.buyer}, not by the licensee ${req.payer}`);
  if (req.afterBlock !== null && deposit.blockNumber <= req.afterBlock) {
    throw refuse("before_listing", `Payment ${txHash} was mined in block ${deposit.blockNumber}, before the listing was created (block ${req.afterBlock}); pay for this listing`);
  }
  const [head, held, reclaimAfter] = await Promise.all([
    onChain("latest block", () => client.getBlock({ blockTag: "latest" })),
    onChain("escrow payment", () => client.readContract({ address: req.escrow, abi: licenceEscrowAbi, functionName: "payments", args: [deposit.paymentId] })),
    onChain("escrow reclaim time", () => client.readContract({ address: req.escrow, abi: licenceEscrowAbi, functionName: "reclaimAfter" })),
  ]);
  // a deposit the escrow no longer holds can pay for nothing, whatever else is wrong with it
  if (held[5] !== HELD) throw refuse("settled", `Payment ${txHash} (escrow payment ${deposit.paymentId}) was already released or refunded; one deposit pays for one licence`, deposit);
  if (!isAddressEqual(deposit.payee, req.payee)) {
    throw refuse("wrong_recipient", `Payment ${txHash} names ${deposit.payee} as payee, not the listing's payee ${req.payee}`, deposit);
  }
  if (deposit.amount < req.price) throw refuse("insufficient_value", `Payment ${txHash} deposited ${cap(deposit.amount)}; the listing costs ${cap(req.price)}`, deposit);
  const reclaimableAt = held[4] + reclaimAfter;
  if (head.timestamp + BigInt(RELEASE_MARGIN_SECONDS) >= reclaimableAt) {
    throw refuse(
      "reclaimable",
      `Payment ${txHash} was deposited at ${held[4]}; its buyer may reclaim it from ${reclaimableAt}, less than ${RELEASE_MARGIN_SECONDS / 3600} hours after the chain's time ${head.timestamp}, so it can no longer pay for a licence; deposit again`,
      deposit,
    );
  }
  const confirmations = Number(head.number - receipt.blockNumber) + 1;
  if (confirmations < req.confirmations) {
    throw refuse("unconfirmed", `Payment ${txHash} has ${confirmations} of the ${req.confirmations} confirmations this server requires; send the licence request again later`);
  }
  return deposit;
}
