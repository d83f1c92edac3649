import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createPublicClient, createWalletClient, http, type Abi } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { capsuleChain } from "@/lib/chain/chain";
import { capsuleAcceptanceAbi } from "@/lib/chain/abi";
import { startAnvil } from "@/lib/chain/anvil-process";
import { openDatabase } from "@/lib/db/connection";
import { migrateToLatest } from "@/lib/db/migrate";
import { Indexer } from "@/lib/indexer/indexer";
import { devKeys } from "@/test/support/anvil";
import { freePort } from "@/test/support/free-port";
import { compileEmitter } from "./support/emitter";

export type BackfillFigures = { dialect: string; events: number; seconds: number; eventsPerSecond: number };

/**
 * Emits `total` VoteCast logs (500 per transaction) on a fresh anvil, then times a cold
 * back-fill of them into SQL through the real Indexer (decode, insert, checkpoint).
 */
export async function benchIndexerBackfill(options: { total: number; databaseUrl?: string; log: (m: string) => void }): Promise<BackfillFigures> {
  const anvil = await startAnvil({ port: await freePort() });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "capsule-bench-idx-"));
  const handle = openDatabase({ databaseUrl: options.databaseUrl, sqliteFile: path.join(dir, "bench.sqlite") });
  try {
    await migrateToLatest(handle.db);
    const chain = capsuleChain(anvil.rpcUrl);
    const account = privateKeyToAccount(devKeys[0]);
    const wallet = createWalletClient({ chain, transport: http(anvil.rpcUrl), account });
    const reader = createPublicClient({ chain, transport: http(anvil.rpcUrl) });
    const emitter = compileEmitter();
    const deployHash = await wallet.deployContract({ abi: emitter.abi, bytecode: emitter.bytecode });
    const deployed = await reader.waitForTransactionReceipt({ hash: deployHash });
    const address = deployed.contractAddress!;
    const perTx = 500;
    options.log(`emitting ${options.total} VoteCast events in ${Math.ceil(options.total / perTx)} transactions…`);
    let nonce = await reader.getTransactionCount({ address: account.address });
    const hashes: `0x${string}`[] = [];
    for (let sent = 0; sent < options.total; sent += perTx) {
      const count = Math.min(perTx, options.total - sent);
      hashes.push(
        await wallet.writeContract({ address, abi: emitter.abi, functionName: "emitMany", args: [1n, 1000n, BigInt(count), BigInt(sent)], nonce: nonce++, gas: 30_000_000n }),
      );
    }
    await reader.waitForTransactionReceipt({ hash: hashes[hashes.length - 1]! });

    const indexer = new Indexer({
      db: handle.db,
      dialect: handle.dialect,
      rpcUrl: anvil.rpcUrl,
      chainId: chain.id,
      startBlock: Number(deployed.blockNumber),
      sources: [{ name: "capsuleAcceptance", address, abi: capsuleAcceptanceAbi as Abi }],
      projectors: [],
      batchBlocks: 2000,
    });
    const started = performance.now();
    const result = await indexer.syncToHead();
    const seconds = (performance.now() - started) / 1000;
    if (result.inserted !== options.total) throw new Error(`indexed ${result.inserted} of ${options.total} events`);
    return { dialect: handle.dialect, events: result.inserted, seconds, eventsPerSecond: result.inserted / seconds };
  } finally {
    await handle.close();
    await anvil.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
