import "server-only";
import type { Hex } from "viem";
import type { Db } from "@/lib/db/database";
import { rowsToWatch, updateOutboxRow } from "@/lib/db/repositories/operator-outbox.repository";
import { chainClients } from "@/lib/chain/server/clients";
import { logError, logInfo, logWarn } from "@/lib/log";
import { operatorAccount } from "./operator-account";
import { broadcastRaw } from "./queue-operator-tx";
import { settleOutboxRow } from "./settle-outbox-row";
import { fillNonceGaps } from "./fill-nonce-gaps";

export type OutboxPass = { watched: number; rebroadcast: number; settled: number; gapsFilled: number };

const now = () => Math.floor(Date.now() / 1000);

async function onChainTx(hash: Hex) {
  try {
    return await chainClients().publicClient.getTransaction({ hash });
  } catch {
    return undefined;
  }
}

async function receiptOf(hash: Hex) {
  try {
    return await chainClients().publicClient.getTransactionReceipt({ hash });
  } catch {
    return undefined;
  }
}

/**
 * One pass. The operator's mined nonce (the watermark) says which rows can still be on chain:
 * below it a row is settled from its receipt (none and unknown to the node: another transaction
 * took the nonce → replaced); at or above it the row is not mined (never, or a rollback took it
 * away), so its same signed bytes are broadcast again unless the node's pool still holds them.
 * Then a nonce below the highest outbox nonce with no row is filled (fill-nonce-gaps.ts).
 */
export async function runOutboxPass(db: Db, options: { gapGraceMs?: number } = {}): Promise<OutboxPass> {
  const { publicClient } = chainClients();
  const sender = operatorAccount().address;
  const watermark = await publicClient.getTransactionCount({ address: sender, blockTag: "latest" });
  const rows = await rowsToWatch(db, publicClient.chain.id, sender, watermark);
  const pass: OutboxPass = { watched: rows.length, rebroadcast: 0, settled: 0, gapsFilled: 0 };
  for (const row of rows) {
    const hash = row.tx_hash as Hex;
    if (row.nonce < watermark) {
      const receipt = await receiptOf(hash);
      if (receipt) {
        await settleOutboxRow(db, row, receipt);
        pass.settled += 1;
      } else if (!(await onChainTx(hash))) {
        logWarn("operator-outbox", "transaction replaced: its nonce was used by another transaction", { txHash: hash, nonce: row.nonce, purpose: row.purpose });
        await updateOutboxRow(db, row.id, { status: "replaced", error_code: "CONFLICT", error_name: "Replaced", error_message: `Nonce ${row.nonce} was used by another transaction; ${row.function_name} was never mined` }, now());
        pass.settled += 1;
      }
      continue;
    }
    const known = await onChainTx(hash);
    if (known?.blockNumber != null) {
      // mined after the watermark was read (a request settles its own row meanwhile): settle it, never
      // set it back to "sent" — that refused the voter's next ballot (409) until the next pass
      const receipt = await receiptOf(hash);
      if (receipt) {
        await settleOutboxRow(db, row, receipt);
        pass.settled += 1;
        continue;
      }
    }
    if (known) {
      if (row.status !== "sent") await updateOutboxRow(db, row.id, { status: "sent", block_number: null }, now(), row.status);
      continue;
    }
    if (row.status === "mined" || row.status === "failed") {
      logWarn("operator-outbox", "a mined transaction is no longer on chain (rollback or reorg); re-broadcasting it", { txHash: hash, nonce: row.nonce, purpose: row.purpose });
    }
    try {
      await broadcastRaw(row.raw_tx as Hex);
      await updateOutboxRow(db, row.id, { status: "sent", block_number: null, broadcast: true }, now(), row.status);
      pass.rebroadcast += 1;
    } catch (error) {
      logWarn("operator-outbox", "re-broadcast refused; will retry", { txHash: hash, nonce: row.nonce, error: error instanceof Error ? error.message.split("\n")[0] : String(error) });
    }
  }
  pass.gapsFilled = await fillNonceGaps(db, watermark, options.gapGraceMs ?? 1000);
  return pass;
}

/** The leader's outbox worker: a pass every `pollMs` until stopped (a leader duty, scripts/start.ts). */
export function startOutboxWorker(options: { db: Db; pollMs: number; log?: (m: string) => void }): { stop: () => Promise<void> } {
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let wake: (() => void) | undefined;
  const loop = (async () => {
    let lastError = "";
    while (!stopping) {
      try {
        const pass = await runOutboxPass(options.db, { gapGraceMs: Math.max(1000, 2 * options.pollMs) });
        if (pass.rebroadcast > 0) logInfo("operator-outbox", "re-broadcast operator transactions", { ...pass });
        if (pass.rebroadcast > 0) options.log?.(`operator outbox: re-broadcast ${pass.rebroadcast} transaction(s)`);
        if (pass.gapsFilled > 0) options.log?.(`operator outbox: filled ${pass.gapsFilled} nonce gap(s)`);
        lastError = "";
      } catch (error) {
        const message = error instanceof Error ? error.message.split("\n")[0] ?? "" : String(error);
        if (message !== lastError) logError("operator-outbox", error);
        lastError = message;
      }
      if (stopping) break;
      await new Promise<void>((resolve) => {
        wake = resolve;
        timer = setTimeout(resolve, options.pollMs);
      });
    }
  })();
  return {
    stop: async () => {
      stopping = true;
      if (timer) clearTimeout(timer);
      wake?.();
      await loop;
    },
  };
}
