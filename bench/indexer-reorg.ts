import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createPublicClient, createWalletClient, http, type Abi, type Address, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { capsuleChain } from "@/lib/chain/chain";
import { capsuleAcceptanceAbi } from "@/lib/chain/abi";
import { startAnvil } from "@/lib/chain/anvil-process";
import { openDatabase } from "@/lib/db/connection";
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

export type ReorgFigures = {
  dialect: string;
  historyEvents: number;
  depth: number;
  eventsRemoved: number;
  eventsReplayed: number;
  rewindMs: number;
  reindexMs: number;
  newEvents: number;
  totalMs: number;
  load: string;
};

const CAPSULES = 5_000;
const DEPTH = 50;
const PER_BLOCK = 100; // VoteCast events per block on both branches

/**
 * Recovery from a depth-50 reorg: a fresh anvil holds `history` VoteCast events (500 per block);
 * the indexer back-fills them with the real projectors over 5,000 seeded capsules, then follows a
 * 50-block branch (100 events per block). The branch is replaced (evm_revert to a snapshot taken
 * before it) by a 51-block branch of other votes, and one `syncToHead()` is timed: the rewind
 * (delete above the fork, reset, replay of every stored event from SQL, new checkpoint) and the
 * re-index of the new branch. Per dialect on the same chain (the old branch is mined again first).
 */
export async function benchIndexerReorg(options: { history: number; dialects: Array<"sqlite" | "postgres">; log: (m: string) => void }): Promise<ReorgFigures[]> {
  const anvil = await startAnvil({ port: await freePort() });
  const stopAnvil = onCleanup(() => anvil.stop());
  const chain = capsuleChain(anvil.rpcUrl);
  const account = privateKeyToAccount(devKeys[0]);
  const wallet = createWalletClient({ chain, transport: http(anvil.rpcUrl), account });
  const reader = createPublicClient({ chain, transport: http(anvil.rpcUrl) });
  const rpc = async (method: string, params: unknown[]) => {
    const response = await fetch(anvil.rpcUrl, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }) });
    return ((await response.json()) as { result: unknown }).result;
  };
  const figures: ReorgFigures[] = [];
  try {
    const emitter = compileEmitter();
    const deployed = await reader.waitForTransactionReceipt({ hash: await wallet.deployContract({ abi: emitter.abi, bytecode: emitter.bytecode }) });
    const address = deployed.contractAddress!;
    let nonce = await reader.getTransactionCount({ address: account.address });
    /** `blocks` blocks (one transaction each, automine) of `perBlock` VoteCast logs over the seeded capsules. */
    const emitBlocks = async (blocks: number, perBlock: number, salt: number) => {
      let last: Hex | undefined;
      for (let b = 0; b < blocks; b++) {
        last = await wallet.writeContract({ address, abi: emitter.abi, functionName: "emitMany", args: [BigInt(1 + ((b * perBlock) % CAPSULES)), BigInt(CAPSULES), BigInt(perBlock), BigInt(salt + b)], nonce: nonce++, gas: 30_000_000n });
      }
      if (last) await reader.waitForTransactionReceipt({ hash: last, timeout: 900_000 });
    };
    options.log(`reorg: emitting ${options.history} VoteCast events of history…`);
    await emitBlocks(Math.ceil(options.history / 500), 500, 1_000_000);
    let base = String(await rpc("evm_snapshot", [])); // the end of the history, before either branch
    const backToBase = async () => {
      await rpc("evm_revert", [base]);
      base = String(await rpc("evm_snapshot", [])); // a snapshot is used up by its revert
      nonce = await reader.getTransactionCount({ address: account.address });
    };
    for (const dialect of options.dialects) {
      await backToBase();
      await emitBlocks(DEPTH, PER_BLOCK, 2_000_000);
      const replaceBranch = async () => {
        await backToBase();
        await emitBlocks(DEPTH + 1, PER_BLOCK, 3_000_000);
      };
      figures.push(await measure(dialect, anvil.rpcUrl, address, Number(deployed.blockNumber), options.history, replaceBranch, options.log));
    }
  } finally {
    await stopAnvil();
  }
  return figures;
}

async function measure(
  dialect: "sqlite" | "postgres",
  rpcUrl: string,
  address: Address,
  startBlock: number,
  history: number,
  replaceBranch: () => Promise<void>,
  log: (m: string) => void,
): Promise<ReorgFigures> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "capsule-bench-reorg-"));
  const database = dialect === "postgres" ? await benchDatabase() : undefined;
  const handle = openDatabase({ databaseUrl: database?.url, sqliteFile: path.join(dir, "bench.sqlite") });
  const closeHandle = onCleanup(() => handle.close());
  try {
    await migrateToLatest(handle.db);
    await seedCapsules(handle.db, handle.dialect, CAPSULES, () => undefined);
    const indexer = new Indexer({ resets: projectionResets,
      db: handle.db,
      dialect: handle.dialect,
      rpcUrl,
      chainId: capsuleChain(rpcUrl).id,
      startBlock,
      sources: [{ name: "capsuleAcceptance", address, abi: capsuleAcceptanceAbi as Abi }],
      projectors,
      batchBlocks: 2000,
    });
    const backfill = await indexer.syncToHead();
    log(`  ${dialect}: back-filled ${backfill.inserted} events; replacing the last ${DEPTH} blocks…`);
    await replaceBranch();
    const started = performance.now();
    const result = await indexer.syncToHead();
    const totalMs = performance.now() - started;
    if (!result.rewound) throw new Error("the indexer did not rewind");
    const figures: ReorgFigures = {
      dialect,
      historyEvents: history,
      depth: result.rewound.depth,
      eventsRemoved: result.rewound.eventsRemoved,
      eventsReplayed: result.rewound.eventsReplayed,
      rewindMs: result.rewound.ms,
      reindexMs: totalMs - result.rewound.ms,
      newEvents: result.inserted,
      totalMs,
      load: loadAverage(),
    };
    if (figures.depth !== DEPTH || figures.newEvents !== (DEPTH + 1) * PER_BLOCK) throw new Error(`unexpected reorg figures ${JSON.stringify(figures)}`);
    log(`  ${dialect}: rewind ${figures.rewindMs} ms, re-index ${figures.reindexMs.toFixed(0)} ms, total ${figures.totalMs.toFixed(0)} ms`);
    return figures;
  } finally {
    await closeHandle();
    await database?.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
