import "server-only";
import { keccak256, type Hex } from "viem";
import type { Db } from "@/lib/db/database";
import { insertOutboxRow, maxOutboxNonce, outboxNoncesBetween, updateOutboxRow } from "@/lib/db/repositories/operator-outbox.repository";
import { chainClients } from "@/lib/chain/server/clients";
import { logWarn } from "@/lib/log";
import { operatorAccount } from "./operator-account";
import { broadcastRaw, signedMaxFee } from "./queue-operator-tx";
import { isUniqueViolation } from "@/lib/errors/unique-violation";
import { processHolder } from "@/lib/process-registry";

// A nonce in [watermark, highest outbox nonce] with no outbox row and nothing in the node's pool
// (after a crash and a chain rollback, or an operator transaction sent outside the outbox and then
// rolled back) holds every later row in the node's queue for ever. It is filled with a 0-value
// self-transfer, stored as an outbox row (purpose operator.gap-fill) before its broadcast like any
// other, so the worker re-broadcasts and settles it the same way.

const seenGaps = processHolder<{ capsuleOutboxGaps: Map<string, number> }>("outboxNonceGaps");
const gaps = () => (seenGaps.capsuleOutboxGaps ??= new Map());
const now = () => Math.floor(Date.now() / 1000);

/**
 * Fills the gaps below the highest outbox nonce. A gap is filled once it was already seen by an
 * earlier pass at least `graceMs` ago (an outside sender's transaction may be on its way to the pool)
 * and the node's pending nonce does not cover it. Returns how many fills were broadcast.
 */
export async function fillNonceGaps(db: Db, watermark: number, graceMs: number): Promise<number> {
  const { publicClient } = chainClients();
  const account = operatorAccount();
  const chainId = publicClient.chain.id;
  const top = await maxOutboxNonce(db, chainId, account.address);
  if (top === undefined || top <= watermark) return 0;
  const held = new Set(await outboxNoncesBetween(db, chainId, account.address, watermark, top));
  const missing: number[] = [];
  for (let nonce = watermark; nonce < top; nonce += 1) if (!held.has(nonce)) missing.push(nonce);
  const keyOf = (nonce: number) => `${chainId}:${account.address}:${nonce}`;
  for (const key of gaps().keys()) if (!missing.some((n) => keyOf(n) === key)) gaps().delete(key);
  if (missing.length === 0) return 0;
  const pendingNonce = await publicClient.getTransactionCount({ address: account.address, blockTag: "pending" });
  let filled = 0;
  for (const nonce of missing) {
    const firstSeen = gaps().get(keyOf(nonce));
    if (firstSeen === undefined) gaps().set(keyOf(nonce), Date.now());
    if (firstSeen === undefined || Date.now() - firstSeen < graceMs || nonce < pendingNonce) continue;
    const fees = await publicClient.estimateFeesPerGas();
    const raw = await account.signTransaction({
      chainId,
      type: "eip1559",
      to: account.address,
      value: 0n,
      nonce,
      gas: 21_000n,
      maxFeePerGas: signedMaxFee(fees.maxFeePerGas),
      maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
    });
    const hash = keccak256(raw);
    logWarn("operator-outbox", "nonce gap: no outbox row and nothing on chain or in the pool at this nonce; filling it with a 0-value self-transfer", { nonce, watermark, highestOutboxNonce: top, txHash: hash });
    const at = now();
    let rowId: number;
    try {
      const row = await insertOutboxRow(db, {
        chain_id: chainId,
        sender: account.address,
        nonce,
        tx_hash: hash,
        raw_tx: raw,
        purpose: "operator.gap-fill",
        contract: "operator",
        function_name: "gapFill",
        status: "queued",
        created_at: at,
        updated_at: at,
      });
      rowId = row.id;
    } catch (error) {
      if (isUniqueViolation(error)) continue; // another server filled or used it meanwhile
      throw error;
    }
    gaps().delete(keyOf(nonce));
    try {
      await broadcastRaw(raw as Hex);
      await updateOutboxRow(db, rowId, { status: "sent", broadcast: true }, now());
      filled += 1;
    } catch (error) {
      logWarn("operator-outbox", "gap fill broadcast refused; the worker re-broadcasts it", { nonce, txHash: hash, error: error instanceof Error ? error.message.split("\n")[0] : String(error) });
    }
  }
  return filled;
}
