import "server-only";
import type { Db } from "@/lib/db/database";
import { chainClients } from "@/lib/chain/server/clients";
import { config } from "@/lib/config/config";
import type { OutboxRow } from "@/lib/db/tables/operator-outbox.table";
import { broadcastStaged, type QueuedTx } from "./queue-operator-tx";
import type { RevertOverrides } from "./revert-decoder";
import { settleOutboxRow } from "./settle-outbox-row";

export type TxOutcome = { status: "mined"; blockNumber: bigint } | { status: "sent" };

/**
 * Waits (at most CAPSULE_OPERATOR_RECEIPT_WAIT_MS, outside any SQL transaction) for a queued
 * transaction's receipt, so an answer can show its effect. Not mined yet → "sent" (the worker
 * carries on). Reverted → the row is recorded as failed and the mapped AppError is thrown.
 */
export async function awaitOperatorTx(db: Db, queued: QueuedTx, reverts?: RevertOverrides): Promise<TxOutcome> {
  const timeout = config().CAPSULE_OPERATOR_RECEIPT_WAIT_MS;
  let receipt;
  try {
    receipt = await chainClients().publicClient.waitForTransactionReceipt({ hash: queued.hash, pollingInterval: 100, timeout, retryCount: 0 });
  } catch {
    return { status: "sent" };
  }
  const failure = await settleOutboxRow(db, queued.row, receipt, reverts);
  if (failure) throw failure;
  return { status: "mined", blockNumber: receipt.blockNumber };
}

/**
 * After the staging transaction committed: broadcasts the rows in nonce order (a refusal is a 503
 * naming the stored transaction; the worker carries on) and waits for each receipt, outside any SQL
 * transaction. A revert throws its mapped AppError (the row is recorded as failed).
 */
export async function broadcastAndAwait(db: Db, rows: readonly OutboxRow[], what: string, reverts?: RevertOverrides): Promise<Array<QueuedTx & { outcome: TxOutcome }>> {
  const ordered = [...rows].sort((a, b) => a.nonce - b.nonce);
  const queued: QueuedTx[] = [];
  for (const row of ordered) queued.push(await broadcastStaged(db, row, what));
  const done: Array<QueuedTx & { outcome: TxOutcome }> = [];
  for (const tx of queued) done.push({ ...tx, outcome: await awaitOperatorTx(db, tx, reverts) });
  return done;
}
