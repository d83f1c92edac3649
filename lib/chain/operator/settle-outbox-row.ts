import "server-only";
import { parseTransaction, type Address, type Hex, type Log } from "viem";
import type { Db, DbOrTrx, Trx } from "@/lib/db/database";
import type { OutboxRow } from "@/lib/db/tables/operator-outbox.table";
import { updateOutboxRow, type OutboxUpdate } from "@/lib/db/repositories/operator-outbox.repository";
import { chainClients } from "@/lib/chain/server/clients";
import { AppError } from "@/lib/errors/app-error";
import { logWarn } from "@/lib/log";
import { decodeRevert, revertData, revertToAppError, type RevertOverrides } from "./revert-decoder";
import { settleHookFor, type SettledReceipt } from "./settle-hooks";

export type MinedReceipt = { status: "success" | "reverted"; blockNumber: bigint; logs?: readonly Log[] };

/** Replays a reverted transaction at its block to learn the contract error it reverted with. */
async function replayRevert(row: OutboxRow, blockNumber: bigint) {
  const tx = parseTransaction(row.raw_tx as Hex);
  if (!tx.to) return undefined;
  try {
    await chainClients().publicClient.call({ account: row.sender as Address, to: tx.to, data: tx.data, gas: tx.gas, blockNumber });
    return undefined;
  } catch (error) {
    return decodeRevert(revertData(error));
  }
}

/** The row's update and its purpose's hook (if any) in one SQL transaction; no chain call inside. */
async function record(db: DbOrTrx, row: OutboxRow, patch: OutboxUpdate, receipt: SettledReceipt, failure?: { code: string; name: string; message: string }) {
  const at = Math.floor(Date.now() / 1000);
  const hook = settleHookFor(row.purpose);
  if (!hook) return updateOutboxRow(db, row.id, patch, at);
  const run = async (trx: Trx) => {
    await hook(trx, row, receipt, failure);
    await updateOutboxRow(trx, row.id, patch, at);
  };
  if (db.isTransaction) return run(db as Trx);
  return (db as Db).transaction().execute(run);
}

/**
 * Records a receipt on the outbox row: mined, or failed with the decoded contract error, and runs
 * the purpose's settle hook. Returns the AppError a reverted transaction maps to (for a request still
 * waiting on it).
 */
export async function settleOutboxRow(db: DbOrTrx, row: OutboxRow, receipt: MinedReceipt, reverts?: RevertOverrides): Promise<AppError | undefined> {
  const blockNumber = Number(receipt.blockNumber);
  const settled: SettledReceipt = { status: receipt.status, blockNumber: receipt.blockNumber, logs: receipt.logs ?? [] };
  if (receipt.status === "success") {
    await record(db, row, { status: "mined", block_number: blockNumber, error_code: null, error_name: null, error_message: null }, settled);
    return undefined;
  }
  const revert = await replayRevert(row, receipt.blockNumber);
  const failure =
    revertToAppError(revert, reverts) ??
    new AppError("INVALID_STATE", `The operator transaction ${row.tx_hash} (${row.function_name}) reverted on chain${revert ? ` with ${revert.name}` : ""}`);
  logWarn("operator", "operator transaction reverted", { txHash: row.tx_hash, purpose: row.purpose, revert: revert?.name });
  const error = { code: failure.code, name: revert?.name ?? "Reverted", message: failure.message };
  await record(db, row, { status: "failed", block_number: blockNumber, error_code: error.code, error_name: error.name, error_message: error.message }, settled, error);
  return failure;
}
