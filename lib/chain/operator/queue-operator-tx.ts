import "server-only";
import { takeTransactionLock } from "@/lib/db/server-functions";
import { keccak256, type Hex } from "viem";
import { dialectOf } from "@/lib/db/dialect";
import type { Db, Trx } from "@/lib/db/database";
import type { OutboxRow } from "@/lib/db/tables/operator-outbox.table";
import { insertOutboxRow, maxOutboxNonce, updateOutboxRow } from "@/lib/db/repositories/operator-outbox.repository";
import { chainClients } from "@/lib/chain/server/clients";
import { AppError } from "@/lib/errors/app-error";
import { logWarn } from "@/lib/log";
import type { OperatorCall } from "./operator-calls";
import { operatorAccount } from "./operator-account";
import { decodeRevert, revertData, revertToAppError, type RevertOverrides } from "./revert-decoder";
import { isUniqueViolation } from "@/lib/errors/unique-violation";
import { chainUnavailable } from "@/lib/chain/server/chain-unavailable";

export type OutboxPurpose = "capsule.vote" | "capsule.finalize" | "capsule.close" | "court.penalty" | "roles.lock" | "roles.voter" | "roles.member" | "operator.gap-fill" | "court.jury" | "rights.escrow";
export type OutboxLinks = { capsuleId?: number; caseId?: number; roleId?: number; wallet?: string };
export type QueuedTx = { row: OutboxRow; hash: Hex; broadcast: boolean };

const now = () => Math.floor(Date.now() / 1000);

const unavailable = (what: string, error: unknown) => chainUnavailable("operator", what, error);


/** Whether a broadcast error means the node already holds this very transaction. */
export const alreadyKnown = (error: unknown) => /already known|already imported|known transaction/i.test(error instanceof Error ? error.message : String(error));

export type PreparedTx = { what: string; call: OperatorCall; gas: bigint; fees: { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint }; pendingNonce: number; chainId: number };

/** The gas limit and fee cap a prepared transaction is signed with (the same in the balance check). */
export const signedGas = (gas: bigint) => (gas * 13n) / 10n + 25_000n;
export const signedMaxFee = (maxFeePerGas: bigint) => maxFeePerGas * 3n;

/**
 * The pre-flight, before any SQL transaction: gas estimate (a revert becomes its AppError and nothing
 * is stored), fees, the node's pending nonce, and the operator's balance (a node that would refuse the
 * broadcast for want of gas money refuses here, before anything is stored). Chain round-trips happen
 * here, never in `stageOperatorTx`.
 */
export async function prepareOperatorTx(what: string, call: OperatorCall, reverts?: RevertOverrides): Promise<PreparedTx> {
  const { publicClient } = chainClients();
  const account = operatorAccount();
  let gas: bigint;
  try {
    gas = await publicClient.estimateGas({ account, to: call.to, data: call.data });
  } catch (error) {
    const mapped = revertToAppError(decodeRevert(revertData(error)), reverts);
    if (mapped) throw mapped;
    throw unavailable(what, error);
  }
  try {
    const [fees, pendingNonce, balance] = await Promise.all([
      publicClient.estimateFeesPerGas(),
      publicClient.getTransactionCount({ address: account.address, blockTag: "pending" }),
      publicClient.getBalance({ address: account.address }),
    ]);
    if (balance < signedGas(gas) * signedMaxFee(fees.maxFeePerGas)) throw new Error(`the operator's balance (${balance} wei) cannot pay the gas`);
    return { what, call, gas, fees, pendingNonce, chainId: publicClient.chain.id };
  } catch (error) {
    throw unavailable(what, error);
  }
}

/**
 * Inside the caller's SQL transaction (local work only): allocates the nonce from the outbox, signs
 * and stores the transaction. It is broadcast by `broadcastStaged` once that transaction committed.
 * `call` may differ from the prepared one in its arguments (same function: the estimate still holds).
 */
export async function stageOperatorTx(
  trx: Trx,
  prepared: PreparedTx,
  options: { purpose: OutboxPurpose; links?: OutboxLinks; call?: OperatorCall; intent?: Record<string, unknown> },
): Promise<OutboxRow> {
  const account = operatorAccount();
  const call = options.call ?? prepared.call;
  const links = options.links ?? {};
  const last = await maxOutboxNonce(trx, prepared.chainId, account.address);
  const nonce = Math.max(last === undefined ? 0 : last + 1, prepared.pendingNonce);
  const raw = await account.signTransaction({
    chainId: prepared.chainId,
    type: "eip1559",
    to: call.to,
    data: call.data,
    nonce,
    // + a margin: the pre-flight may have estimated other arguments (e.g. a lock set to its current value)
    gas: signedGas(prepared.gas),
    // headroom so the same signed bytes still pay the base fee when re-broadcast later
    maxFeePerGas: signedMaxFee(prepared.fees.maxFeePerGas),
    maxPriorityFeePerGas: prepared.fees.maxPriorityFeePerGas,
  });
  const at = now();
  return insertOutboxRow(trx, {
    chain_id: prepared.chainId,
    sender: account.address,
    nonce,
    tx_hash: keccak256(raw),
    raw_tx: raw,
    purpose: options.purpose,
    contract: call.contract,
    function_name: call.functionName,
    capsule_id: links.capsuleId ?? null,
    case_id: links.caseId ?? null,
    role_id: links.roleId ?? null,
    wallet: links.wallet ?? null,
    status: "queued",
    block_number: null,
    error_code: null,
    error_name: null,
    error_message: null,
    intent_json: options.intent ? JSON.stringify(options.intent) : null,
    created_at: at,
    updated_at: at,
  });
}

/** Broadcasts a committed outbox row. If the node refuses, the row stays queued for the worker and a 503 says so. */
export async function broadcastStaged(db: Db, row: OutboxRow, what: string): Promise<QueuedTx> {
  const hash = row.tx_hash as Hex;
  try {
    await broadcastRaw(row.raw_tx as Hex);
    await updateOutboxRow(db, row.id, { status: "sent", broadcast: true }, now());
    return { row: { ...row, status: "sent" }, hash, broadcast: true };
  } catch (error) {
    logWarn("operator", "broadcast failed; the outbox worker will retry", { txHash: hash, nonce: row.nonce, error: error instanceof Error ? error.message.split("\n")[0] : String(error) });
    throw new AppError("CHAIN_UNAVAILABLE", `The transaction to ${what} is stored (${hash}) but the node did not accept its broadcast yet; the bridge keeps re-broadcasting it`, {
      details: { txHash: hash, outboxStatus: "queued" },
    });
  }
}

// Arbitrary constant key of the PostgreSQL advisory lock that serializes operator nonce allocation.
export const OPERATOR_NONCE_LOCK_KEY = 77_117_020;

/**
 * Runs `work` in a SQL transaction that allocates operator nonces. On PostgreSQL the transaction first
 * takes an advisory lock held to its commit, so concurrent requests (of this server or another) read
 * the outbox's highest nonce one after the other instead of all picking the same one; SQLite admits
 * one writer at a time. A unique violation (e.g. a gap filler's row) still runs `work` again.
 */
export async function withNonceRetry<T>(db: Db, work: (trx: Trx) => Promise<T>): Promise<T> {
  const serialized = dialectOf(db) === "postgres";
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await db.transaction().execute(async (trx) => {
        if (serialized) await takeTransactionLock(trx, OPERATOR_NONCE_LOCK_KEY);
        return work(trx);
      });
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 4) throw error;
    }
  }
}

/**
 * Sends one operator transaction through the durable outbox: pre-flight, then in ONE SQL transaction
 * nonce, signature and row (`guard` runs there too, e.g. "no unmined vote of this voter"), then after
 * commit the broadcast. Resolves once the node accepted it.
 */
export async function queueOperatorTx(
  db: Db,
  what: string,
  call: OperatorCall,
  options: { purpose: OutboxPurpose; links?: OutboxLinks; reverts?: RevertOverrides; guard?: (trx: Trx) => Promise<void> },
): Promise<QueuedTx> {
  const prepared = await prepareOperatorTx(what, call, options.reverts);
  const row = await withNonceRetry(db, async (trx) => {
    await options.guard?.(trx);
    return stageOperatorTx(trx, prepared, { purpose: options.purpose, links: options.links });
  });
  return broadcastStaged(db, row, what);
}

/** eth_sendRawTransaction; accepted when the node already holds these very bytes, in its pool or mined. */
export async function broadcastRaw(raw: Hex): Promise<void> {
  const { publicClient } = chainClients();
  try {
    await publicClient.sendRawTransaction({ serializedTransaction: raw });
  } catch (error) {
    if (alreadyKnown(error)) return;
    // Another broadcaster of the same bytes (the outbox worker, or another server) may have got there
    // first, and a node that mined it already answers "nonce too low", not "already known".
    const held = await publicClient.getTransaction({ hash: keccak256(raw) }).catch(() => undefined);
    if (!held) throw error;
  }
}
