import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { z } from "zod";
import { ZCapsuleResponse } from "@/features/capsules/capsules.schema";
import type { DbOrTrx } from "@/lib/db/database";
import { readCheckpoint } from "@/lib/indexer/checkpoint-repository";
import { seedCapsules } from "./seed-capsules";
import { startBenchStack } from "./support/bench-stack";
import { acceptanceAsEmitter } from "./support/emitter";
import { followHeads, wallNow } from "./support/heads";
import { loadAverage } from "./support/machine";
import { percentile } from "./support/stats";

export type LagFigures = {
  dialect: string;
  method: "head" | "receipt";
  votes: number;
  p50: number;
  p95: number;
  max: number;
  indexedP50: number;
  indexedP95: number;
  /** method "head": the median and p95 of each step after the bench's newHeads message, from the indexer's trace. */
  stages?: Array<{ name: string; p50: number; p95: number }>;
  /** method "head": the lag from the earlier of the two newHeads messages (the bench's, the indexer's). */
  fromFirst?: { p50: number; p95: number };
  load: string;
};



/** Milliseconds from `since` until the indexer's checkpoint in SQL reaches `block` (polled every 2 ms). */
async function indexedAfter(db: DbOrTrx, block: bigint, since: number): Promise<number> {
  while (BigInt((await readCheckpoint(db))?.blockNumber ?? -1) < block) {
    if (performance.now() - since > 10_000) throw new Error(`block ${block} was not indexed within 10 s`);
    await new Promise((r) => setTimeout(r, 2));
  }
  return performance.now() - since;
}

// only the tally is checked on each poll: parsing the whole answer with its schema is the bench's own CPU
const ZTally = z.object({ capsule: ZCapsuleResponse.shape.capsule.pick({ yesVotes: true, noVotes: true }) });

async function tallyOf(baseUrl: string, capsuleId: number): Promise<string> {
  const { capsule } = ZTally.parse(await (await fetch(`${baseUrl}/api/capsules/${capsuleId}`)).json());
  return `${capsule.yesVotes}/${capsule.noVotes}`;
}

const POLL_GAP_MS = 1;

type Trace = { block: number; t0: number; routeAt: number; routeTook: number };

/** GETs the capsule until its tally differs from `before`, `gapMs` between an answer and the next request; answers when the changed answer arrived (wall clock). */
async function pollUntilChanged(baseUrl: string, capsuleId: number, before: string, since: number, gapMs: number): Promise<{ at: number; took: number }> {
  for (;;) {
    const sent = wallNow();
    const tally = await tallyOf(baseUrl, capsuleId);
    const at = wallNow();
    if (tally !== before) return { at, took: at - sent };
    if (at - since > 10_000) throw new Error(`capsule ${capsuleId}'s tally did not change within 10 s`);
    await new Promise((r) => setTimeout(r, gapMs));
  }
}

type TraceLine = { block?: number; marks: Array<[string, number]> };

/**
 * The indexer's trace (CAPSULE_INDEXER_TRACE_FILE) against the bench's own t0: each step's duration
 * (from the previous mark), statements numbered in order; `indexed` gets t0 → commit per vote.
 */
function stagesOf(traces: Trace[], file: string, indexed: number[], fromFirst: number[]): Array<{ name: string; p50: number; p95: number }> {
  const lines = fs.existsSync(file) ? fs.readFileSync(file, "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l) as TraceLine) : [];
  const byBlock = new Map(lines.map((line) => [line.block, line]));
  const steps = new Map<string, number[]>();
  const add = (name: string, value: number) => steps.set(name, [...(steps.get(name) ?? []), value]);
  for (const trace of traces) {
    const line = byBlock.get(trace.block);
    if (!line) continue;
    let previous = trace.t0;
    let statement = 0;
    fromFirst.push(trace.routeAt - Math.min(trace.t0, line.marks[0]?.[1] ?? trace.t0));
    for (const [label, at] of line.marks) {
      const name = label === "message" ? "indexer's newHeads message (after the bench's)" : /^(select|insert|update|delete|raw)/.test(label) ? `  sql ${++statement}: ${label}` : label;
      add(name, at - previous);
      previous = at;
      if (label === "committed") indexed.push(at - trace.t0);
    }
    add("route answered with the tally (after done)", trace.routeAt - previous);
    add("  of which the GET that saw it (sent to answered)", trace.routeTook);
  }
  return [...steps].map(([name, values]) => ({ name, p50: percentile(values, 50), p95: percentile(values, 95) }));
}

/**
 * Lag from a VoteCast receipt to its tally in GET /api/capsules/:id. On a bench-only stack the
 * acceptance contract's code is swapped (anvil_setCode) for an emitter of the same event, so one
 * wallet can cast many votes on seeded capsules; the indexer (following newHeads by subscription)
 * and the route are the real ones. Method "head" (default): t0 is the moment this bench's own
 * newHeads subscription hears of the block that mined the vote (anvil pushes it to the indexer at
 * the same moment); the route is then polled back to back, 1 ms between an answer and the next GET,
 * and the indexer's trace (CAPSULE_INDEXER_TRACE_FILE, bench-only) splits the lag into its steps.
 * BENCH_LAG_METHOD=receipt: the method before 2026-11-27 (t0 when waitForTransactionReceipt, polling
 * every 5 ms, answered; route polled every 5 ms; checkpoint read from SQL every 2 ms).
 */
export async function benchVoteLag(options: { dialect: "sqlite" | "postgres"; votes: number; log: (m: string) => void }): Promise<LagFigures> {
  const method = process.env.BENCH_LAG_METHOD === "receipt" ? "receipt" : "head";
  const traceFile = path.join(os.tmpdir(), `capsule-lag-trace-${process.pid}-${Date.now()}.jsonl`);
  const bench = await startBenchStack(options.dialect, { CAPSULE_RATE_PUBLIC_GET_PER_MIN: "1000000000", ...(method === "head" ? { CAPSULE_INDEXER_TRACE_FILE: traceFile } : {}) });
  const { stack } = bench;
  try {
    const seeded = await seedCapsules(bench.handle.db, bench.handle.dialect, 20, () => undefined);
    const { acceptance, emitter, wallet, reader } = await acceptanceAsEmitter(stack);

    const lags: number[] = [];
    const indexed: number[] = [];
    const traces: Trace[] = [];
    const cast = (i: number, capsuleId: number) =>
      wallet.writeContract({ address: acceptance, abi: emitter.abi, functionName: "emitMany", args: [BigInt(capsuleId), 1n, 1n, BigInt(1_000_000 + i)] });
    const heads = method === "head" ? await followHeads(stack.nodeRpcUrl.replace(/^http/, "ws")) : undefined;
    try {
      for (let i = 0; i < options.votes; i++) {
        const capsuleId = seeded.firstId + (i % seeded.capsules);
        const before = await tallyOf(stack.baseUrl, capsuleId);
        if (heads) {
          // t0: this bench's own newHeads message for the block that mined the vote (anvil pushes it to the
          // indexer's subscription at the same moment); then the route back to back, 1 ms apart
          const mined = heads.next();
          const sent = cast(i, capsuleId);
          const head = await mined;
          const polled = await pollUntilChanged(stack.baseUrl, capsuleId, before, head.at, POLL_GAP_MS);
          const receipt = await reader.getTransactionReceipt({ hash: await sent });
          if (Number(receipt.blockNumber) !== head.number) throw new Error(`vote ${i} was mined in block ${receipt.blockNumber}, not in the head ${head.number} that followed it`);
          lags.push(polled.at - head.at);
          traces.push({ block: head.number, t0: head.at, routeAt: polled.at, routeTook: polled.took });
        } else {
          const hash = await cast(i, capsuleId);
          const receipt = await reader.waitForTransactionReceipt({ hash, pollingInterval: 5 });
          const receivedAt = performance.now();
          const checkpointed = indexedAfter(bench.handle.db, receipt.blockNumber, receivedAt);
          checkpointed.catch(() => undefined); // awaited below, after the route has answered
          while ((await tallyOf(stack.baseUrl, capsuleId)) === before) {
            if (performance.now() - receivedAt > 10_000) throw new Error(`vote ${i} did not reach the tally within 10 s`);
            await new Promise((r) => setTimeout(r, 5));
          }
          lags.push(performance.now() - receivedAt);
          indexed.push(await checkpointed);
        }
      }
    } finally {
      heads?.close();
    }
    const fromFirst: number[] = [];
    const stages = heads ? stagesOf(traces, traceFile, indexed, fromFirst) : undefined;
    options.log(`  ${options.dialect}: ${lags.length} votes measured`);
    return { dialect: options.dialect, method, votes: lags.length, p50: percentile(lags, 50), p95: percentile(lags, 95), max: Math.max(...lags), indexedP50: percentile(indexed, 50), indexedP95: percentile(indexed, 95), ...(stages ? { stages, fromFirst: { p50: percentile(fromFirst, 50), p95: percentile(fromFirst, 95) } } : {}), load: loadAverage() };
  } finally {
    await bench.stop();
    fs.rmSync(traceFile, { force: true });
  }
}
