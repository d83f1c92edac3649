import "server-only";
import { formatUnits, isAddressEqual, type Address, type Hex, type PublicClient } from "viem";
import { AppError } from "@/lib/errors/app-error";
import { logError } from "@/lib/log";

// A priced licence is paid by one plain transaction from the licensee to the listing's payee, mined
// after the listing was created, carrying at least the price, successful, with enough confirmations.
// Everything is read from the chain node; nothing the client says about the payment is trusted.

export type PaymentRequirement = {
  payer: Address;
  payee: Address;
  price: bigint;
  /** The chain head when the listing was created (null: no lower bound). */
  afterBlock: number | null;
  confirmations: number;
};

export type VerifiedPayment = { txHash: Hex; from: Address; to: Address; value: bigint; blockNumber: number };

export type PaymentProblem = "not_found" | "pending" | "wrong_sender" | "wrong_recipient" | "insufficient_value" | "failed" | "unconfirmed" | "before_listing";

const cap = (wei: bigint) => `${formatUnits(wei, 18)} CAP`;

function invalid(reason: PaymentProblem, message: string, txHash: Hex, req: PaymentRequirement): AppError {
  return new AppError("PAYMENT_INVALID", message, {
    details: { reason, paymentTxHash: txHash, payee: req.payee, price: req.price.toString() },
  });
}

// By name, not instanceof: Next's server bundle may hold more than one copy of viem's error classes.
const isNotFound = (error: unknown) => {
  const name = (error as { name?: unknown } | null)?.name;
  return name === "TransactionNotFoundError" || name === "TransactionReceiptNotFoundError";
};

async function onChain<T>(what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (isNotFound(error)) throw error;
    logError("rights-payment", error, { what });
    throw new AppError("CHAIN_UNAVAILABLE", `The chain node could not be reached to check the payment (${what}); no licence was recorded`);
  }
}

/** Checks the payment on the node; throws PAYMENT_INVALID (422) naming what is wrong, or CHAIN_UNAVAILABLE. */
export async function verifyPayment(client: PublicClient, txHash: Hex, req: PaymentRequirement): Promise<VerifiedPayment> {
  let tx: Awaited<ReturnType<PublicClient["getTransaction"]>>;
  try {
    tx = await onChain("transaction", () => client.getTransaction({ hash: txHash }));
  } catch (error) {
    if (isNotFound(error)) {
      throw invalid("not_found", `No transaction ${txHash} is known to the chain node; send the payment first, then the licence request`, txHash, req);
    }
    throw error;
  }
  if (tx.blockNumber === null) throw invalid("pending", `Payment ${txHash} is not mined yet; wait for its receipt and send the licence request again`, txHash, req);
  if (!isAddressEqual(tx.from, req.payer)) {
    throw invalid("wrong_sender", `Payment ${txHash} was sent by ${tx.from}, not by the licensee ${req.payer}`, txHash, req);
  }
  if (!tx.to || !isAddressEqual(tx.to, req.payee)) {
    throw invalid("wrong_recipient", `Payment ${txHash} was sent to ${tx.to ?? "no address (a contract creation)"}, not to the listing's payee ${req.payee}`, txHash, req);
  }
  if (tx.value < req.price) {
    throw invalid("insufficient_value", `Payment ${txHash} carries ${cap(tx.value)}; the listing costs ${cap(req.price)}`, txHash, req);
  }
  const blockNumber = Number(tx.blockNumber);
  if (req.afterBlock !== null && blockNumber <= req.afterBlock) {
    throw invalid("before_listing", `Payment ${txHash} was mined in block ${blockNumber}, before the listing was created (block ${req.afterBlock}); pay for this listing`, txHash, req);
  }
  const [receipt, head] = await Promise.all([
    onChain("receipt", () => client.getTransactionReceipt({ hash: txHash })),
    onChain("block number", () => client.getBlockNumber({ cacheTime: 0 })),
  ]);
  if (receipt.status !== "success") throw invalid("failed", `Payment ${txHash} failed on chain (reverted); it paid nothing`, txHash, req);
  const confirmations = Number(head - receipt.blockNumber) + 1;
  if (confirmations < req.confirmations) {
    throw invalid("unconfirmed", `Payment ${txHash} has ${confirmations} of the ${req.confirmations} confirmations this server requires; send the licence request again later`, txHash, req);
  }
  return { txHash, from: tx.from, to: tx.to, value: tx.value, blockNumber };
}
