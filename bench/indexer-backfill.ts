import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createPublicClient, createWalletClient, http, type Abi, type Address } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { capsuleChain } from "@/lib/chain/chain";
import { capsuleAcceptanceAbi } from "@/lib/chain/abi";
import { startAnvil } from "@/lib/chain/anvil-process";
import { openDatabase, type DatabaseHandle } from "@/lib/db/connection";
import { migrateToLatest } from "@/lib/db/migrate";
import { Indexer } from "@/lib/indexer/indexer";
import { projectionResets, projectors } from "@/features/projectors";
import { devKeys } from "@/test/support/anvil";
import { freePort } from "@/test/support/free-port";
import { seedCapsules } from "./seed-capsules";
import { benchDatabase } from "./support/bench-database";
import { onCleanup } from "./support/cleanup";
import { compileEmitter } from "./support/emitter";
import { loadAverage } from "./support/machine";

export type BackfillFigures = { dialect: string; mode: "fetch" | "raw" | "projected"; events: number; seconds: number; eventsPerSecond: number; load: string };

const BATCH_BLOCKS = 2000;

const PER_TX = 500;
export const BACKFILL_CAPSULES = 5_000; // the projected run spreads the votes over this many seeded capsules (10 each for 50k)

export type Emitted = { rpcUrl: string; address: Address; startBlock: number; total: number };

/** Deploys the bench emitter and sends `total` VoteCast logs, PER_TX per transaction, spread over capsule ids. */
export async function emitVotes(rpcUrl: string, total: number, firstCapsuleId: number, log: (m: string) => void): Promise<Emitted> {
  const chain = capsuleChain(rpcUrl);
  const account = privateKeyToAccount(devKeys[0]);
  const wallet = createWalletClient({ chain, transport: http(rpcUrl), account });
  const reader = createPublicClient({ chain, transport: http(rpcUrl) });
  const emitter = compileEmitter();
  const deployed = await reader.waitForTransactionReceipt({ hash: await wallet.deployContract({ abi: emitter.abi, bytecode: emitter.bytecode }) });
  const address = deployed.contractAddress!;
  log(`emitting ${total} VoteCast events in ${Math.ceil(total / PER_TX)} transactions…`);
  let nonce = await reader.getTransactionCount({ address: account.address });
  let last: `0x${string}` | undefined;
  for (let sent = 0; sent < total; sent += PER_TX) {
    const count = Math.min(PER_TX, total - sent);
    const first = firstCapsuleId + (sent % BACKFILL_CAPSULES);
    last = await wallet.writeContract({ address, abi: emitter.abi, functionName: "emitMany", args: [BigInt(first), BigInt(PER_TX), BigInt(count), BigInt(sent)], nonce: nonce++, gas: 30_000_000n });
  }
  if (last) await reader.waitForTransactionReceipt({ hash: last, timeout: 900_000 });
  return { rpcUrl, address, startBlock: Number(deployed.blockNumber), total };
}

/** The real Indexer over the emitted logs: `raw` writes events and checkpoints only, `projected` runs the projectors too. */
export function backfillIndexer(emitted: Emitted, handle: DatabaseHandle, mode: "raw" | "projected"): Indexer {
  return new Indexer({ resets: projectionResets,
    db: handle.db,
    dialect: handle.dialect,
    rpcUrl: emitted.rpcUrl,
    chainId: capsuleChain(emitted.rpcUrl).id,
    startBlock: emitted.startBlock,
    sources: [{ name: "capsuleAcceptance", address: emitted.address, abi: capsuleAcceptanceAbi as Abi }],
    projectors: mode === "projected" ? projectors : [],
    batchBlocks: BATCH_BLOCKS,
  });
}

/**
 * Times a cold back-fill of the emitted logs through the real Indexer into a fresh database:
 * `raw` writes chain_events and checkpoints only; `projected` also runs the real projectors
 * (capsule_votes rows, the capsules' yes/no sums, activity rows) over seeded capsules.
 */
export async function backfillOnce(emitted: Emitted, mode: "raw" | "projected", dialect: "sqlite" | "postgres", log: (m: string) => void): Promise<BackfillFigures> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "capsule-bench-idx-"));
  const database = dialect === "postgres" ? await benchDatabase() : undefined;
  const handle = openDatabase({ databaseUrl: database?.url, sqliteFile: path.join(dir, "bench.sqlite") });
  const closeHandle = onCleanup(() => handle.close());
  try {
    await migrateToLatest(handle.db);
    if (mode === "projected") {
      const seeded = await seedCapsules(handle.db, handle.dialect, BACKFILL_CAPSULES, () => undefined);
      if (seeded.firstId !== 1) throw new Error(`expected the seeded capsules to start at id 1, got ${seeded.firstId}`);
    }
    const indexer = backfillIndexer(emitted, handle, mode);
    const started = performance.now();
    const result = await indexer.syncToHead();
    const seconds = (performance.now() - started) / 1000;
    if (result.inserted !== emitted.total) throw new Error(`indexed ${result.inserted} of ${emitted.total} events`);
    if (mode === "projected") {
      const votes = await handle.db.selectFrom("capsule_votes").select((eb) => eb.fn.countAll<string | number>().as("n")).executeTakeFirstOrThrow();
      const expected = BACKFILL_CAPSULES * 3 + emitted.total;
      if (Number(votes.n) !== expected) throw new Error(`projected ${votes.n} votes, expected ${expected}`);
    }
    log(`  ${dialect} ${mode}: ${result.inserted} events in ${seconds.toFixed(2)} s`);
    return { dialect, mode, events: result.inserted, seconds, eventsPerSecond: result.inserted / seconds, load: loadAverage() };
  } finally {
    await closeHandle();
    await database?.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The limit a back-fill is measured against: the same `eth_getLogs` requests the indexer sends (its
 * block ranges, one contract), each answer fetched whole and parsed with JSON.parse, and nothing else:
 * no decoding, no block hashes, no SQL.
 */
export async function fetchOnly(emitted: Emitted, log: (m: string) => void): Promise<BackfillFigures> {
  const reader = createPublicClient({ chain: capsuleChain(emitted.rpcUrl), transport: http(emitted.rpcUrl) });
  const head = Number(await reader.getBlockNumber());
  let events = 0;
  let id = 0;
  const started = performance.now();
  for (let start = emitted.startBlock; start <= head; start += BATCH_BLOCKS) {
    const end = Math.min(head, start + BATCH_BLOCKS - 1);
    const response = await fetch(emitted.rpcUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: ++id, method: "eth_getLogs", params: [{ fromBlock: `0x${start.toString(16)}`, toBlock: `0x${end.toString(16)}`, address: emitted.address }] }),
    });
    const answer = JSON.parse(await response.text()) as { result?: unknown[]; error?: { message: string } };
    if (!answer.result) throw new Error(`eth_getLogs failed: ${answer.error?.message ?? "no result"}`);
    events += answer.result.length;
  }
  const seconds = (performance.now() - started) / 1000;
  if (events !== emitted.total) throw new Error(`fetched ${events} of ${emitted.total} events`);
  log(`  fetch and parse only: ${events} events in ${seconds.toFixed(2)} s`);
  return { dialect: "none", mode: "fetch", events, seconds, eventsPerSecond: events / seconds, load: loadAverage() };
}

/**
 * Emits `total` VoteCast logs on a fresh anvil once, then (each round) fetches them bare as the limit
 * and back-fills them raw and projected,
 * `rounds` times each (interleaved, so a change of machine load hits every mode alike).
 */
export async function benchIndexerBackfill(options: { total: number; rounds?: number; dialects: Array<"sqlite" | "postgres">; log: (m: string) => void }): Promise<BackfillFigures[]> {
  const anvil = await startAnvil({ port: await freePort() });
  const stopAnvil = onCleanup(() => anvil.stop());
  const figures: BackfillFigures[] = [];
  try {
    const emitted = await emitVotes(anvil.rpcUrl, options.total, 1, options.log);
    for (let round = 0; round < (options.rounds ?? 1); round++) {
      figures.push(await fetchOnly(emitted, options.log));
      for (const dialect of options.dialects) {
        for (const mode of ["raw", "projected"] as const) figures.push(await backfillOnce(emitted, mode, dialect, options.log));
      }
    }
  } finally {
    await stopAnvil();
  }
  return figures;
}
