import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { capsuleChain } from "@/lib/chain/chain";
import { startAnvil } from "@/lib/chain/anvil-process";
import { freePort } from "@/test/support/free-port";
import { BACKFILL_CAPSULES, backfillOnce, emitVotes, type BackfillFigures, type Emitted } from "./indexer-backfill";
import { benchDatabase } from "./support/bench-database";
import { onCleanup } from "./support/cleanup";
import { loadAverage } from "./support/machine";
import { ensurePonderInstalled } from "./support/ponder-install";
import { runPonder } from "./support/ponder-process";

export type Pair = "postgres" | "embedded";
type PonderFigures = { eventsPerSecond: number; readyEventsPerSecond: number; seconds: number; readySeconds: number; load: string };
export type SideBySide = {
  pair: Pair;
  mode: "raw" | "projected";
  events: number;
  ponder: PonderFigures;
  capsule: { eventsPerSecond: number; seconds: number; load: string };
};

/** Ponder's finality for an unknown chain id (31337) is 30 blocks: mined past it, every event is in its historical sync. */
const PONDER_FINALITY_MARGIN = 64;

async function mine(rpcUrl: string, blocks: number): Promise<number> {
  const call = (method: string, params: unknown[]) =>
    fetch(rpcUrl, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }) }).then((r) => r.json() as Promise<{ result: string }>);
  await call("anvil_mine", [`0x${blocks.toString(16)}`]);
  return Number((await call("eth_blockNumber", [])).result);
}

async function ponderOnce(bin: string, emitted: Emitted, endBlock: number, pair: Pair, mode: "raw" | "projected", log: (m: string) => void): Promise<PonderFigures> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "capsule-bench-ponder-"));
  const database = pair === "postgres" ? await benchDatabase() : undefined;
  try {
    const run = await runPonder({
      bin,
      log,
      env: {
        ...(database ? { DATABASE_URL: database.url } : { PONDER_PGLITE_DIR: dir }),
        PONDER_RPC_URL: emitted.rpcUrl,
        PONDER_CHAIN_ID: String(capsuleChain(emitted.rpcUrl).id),
        PONDER_ADDRESS: emitted.address,
        PONDER_START_BLOCK: String(emitted.startBlock),
        PONDER_END_BLOCK: String(endBlock),
        PONDER_BENCH_MODE: mode,
        PONDER_BENCH_CAPSULES: String(BACKFILL_CAPSULES),
      },
    });
    const expected = { events: emitted.total, votes: mode === "projected" ? emitted.total : 0, activity: mode === "projected" ? emitted.total : 0 };
    if (JSON.stringify(run.counts) !== JSON.stringify(expected)) throw new Error(`Ponder wrote ${JSON.stringify(run.counts)}, expected ${JSON.stringify(expected)}`);
    log(`  Ponder ${pair === "postgres" ? "PostgreSQL" : "PGlite"} ${mode}: ${emitted.total} events, back-fill ${run.backfillSeconds.toFixed(2)} s, process start to ready ${run.readySeconds.toFixed(2)} s`);
    return {
      eventsPerSecond: emitted.total / run.backfillSeconds,
      readyEventsPerSecond: emitted.total / run.readySeconds,
      seconds: run.backfillSeconds,
      readySeconds: run.readySeconds,
      load: loadAverage(),
    };
  } finally {
    await database?.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * One anvil, `total` VoteCast events, then for each database pair (Ponder on PostgreSQL / ours on
 * PostgreSQL; Ponder on PGlite / ours on SQLite) and mode, Ponder's back-fill and ours, the order
 * alternating by round so a drift in the machine's load hits both alike.
 */
export async function benchPonderSideBySide(options: { total: number; rounds: number; pairs: Pair[]; log: (m: string) => void }): Promise<SideBySide[]> {
  const bin = ensurePonderInstalled(options.log);
  const anvil = await startAnvil({ port: await freePort() });
  const stopAnvil = onCleanup(() => anvil.stop());
  const figures: SideBySide[] = [];
  try {
    const emitted = await emitVotes(anvil.rpcUrl, options.total, 1, options.log);
    // Ponder 1.0.0 never reads the events of its end block when its event query's cursor lands exactly on
    // it (getLocalEventGenerator, sync/index.js): the end block is the empty block after the last event
    const endBlock = (await mine(anvil.rpcUrl, PONDER_FINALITY_MARGIN)) - PONDER_FINALITY_MARGIN + 1;
    for (let round = 0; round < options.rounds; round++) {
      for (const pair of options.pairs) {
        for (const mode of ["raw", "projected"] as const) {
          const ponderSide = () => ponderOnce(bin, emitted, endBlock, pair, mode, options.log);
          const capsuleSide = () => backfillOnce(emitted, mode, pair === "postgres" ? "postgres" : "sqlite", options.log);
          let ponder: PonderFigures;
          let capsule: BackfillFigures;
          if (round % 2 === 0) {
            ponder = await ponderSide();
            capsule = await capsuleSide();
          } else {
            capsule = await capsuleSide();
            ponder = await ponderSide();
          }
          figures.push({ pair, mode, events: options.total, ponder, capsule: { eventsPerSecond: capsule.eventsPerSecond, seconds: capsule.seconds, load: capsule.load } });
        }
      }
    }
  } finally {
    await stopAnvil();
  }
  return figures;
}
