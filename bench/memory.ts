import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { seedCapsules } from "./seed-capsules";
import { startBenchStack } from "./support/bench-stack";
import { load } from "./support/load";
import { loadAverage } from "./support/machine";
import { childPid } from "./support/process-cpu";

// Where the server's memory goes (`npm run bench memory`): RSS idle after start, then after the
// read load of `npm run bench reads` (by id, list pages, the article page; 100 connections), with
// prom-client's heap figures and a heap snapshot's self sizes summed by constructor.

export type MemoryFigures = {
  dialect: "sqlite" | "postgres";
  idleRssMb: number;
  afterReadsRssMb: number;
  heapUsedMb: number;
  heapTotalMb: number;
  externalMb: number;
  /** RSS less the V8 heap and external buffers: code, Node's and SQLite's native memory. */
  nativeMb: number;
  top: Array<{ name: string; mb: number; count: number }>;
  snapshotMb: number;
  load: string;
};

const rssMbOf = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? Number.NaN) / 1024;
const metric = (text: string, name: string) => Number(new RegExp(`^${name} (\\S+)`, "m").exec(text)?.[1] ?? Number.NaN) / 1048576;

type Snapshot = { snapshot: { meta: { node_fields: string[]; node_types: [string[]] } }; nodes: number[]; strings: string[] };

/** Self sizes of a V8 heap snapshot summed by constructor (objects) or by node type (code, strings, arrays…). */
export function summarizeSnapshot(file: string, top = 12): Array<{ name: string; mb: number; count: number }> {
  const parsed = JSON.parse(fs.readFileSync(file, "utf8")) as Snapshot;
  const fields = parsed.snapshot.meta.node_fields;
  const types = parsed.snapshot.meta.node_types[0];
  const [typeAt, nameAt, sizeAt] = [fields.indexOf("type"), fields.indexOf("name"), fields.indexOf("self_size")];
  const sums = new Map<string, { bytes: number; count: number }>();
  for (let i = 0; i < parsed.nodes.length; i += fields.length) {
    const type = types[parsed.nodes[i + typeAt]!] ?? "?";
    const name = type === "object" || type === "closure" ? `${type === "closure" ? "closure " : ""}${parsed.strings[parsed.nodes[i + nameAt]!]}` : `(${type})`;
    const entry = sums.get(name) ?? { bytes: 0, count: 0 };
    entry.bytes += parsed.nodes[i + sizeAt]!;
    entry.count += 1;
    sums.set(name, entry);
  }
  return [...sums].sort((a, b) => b[1].bytes - a[1].bytes).slice(0, top).map(([name, s]) => ({ name, mb: s.bytes / 1048576, count: s.count }));
}

async function heapSnapshot(pid: number, dir: string): Promise<string> {
  const before = new Set(fs.readdirSync(dir));
  process.kill(pid, "SIGUSR2");
  for (let waited = 0; waited < 120_000; waited += 500) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const written = fs.readdirSync(dir).find((f) => f.endsWith(".heapsnapshot") && !before.has(f));
    if (written) {
      const file = path.join(dir, written);
      // written when its size stops growing
      const size = fs.statSync(file).size;
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      if (fs.statSync(file).size === size && size > 0) return file;
    }
  }
  throw new Error("the server wrote no heap snapshot");
}

export async function benchMemory(options: { dialect: "sqlite" | "postgres"; capsules: number; seconds: number; log: (m: string) => void }): Promise<MemoryFigures> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "capsule-heap-"));
  const bench = await startBenchStack(options.dialect, {
    CAPSULE_RATE_PUBLIC_GET_PER_MIN: "1000000000",
    CAPSULE_INDEXER: "off",
    // BENCH_SERVER_NODE_OPTIONS: V8 flags to try on the server (e.g. a heap cap)
    NODE_OPTIONS: `--heapsnapshot-signal=SIGUSR2 --diagnostic-dir=${dir} ${process.env.BENCH_SERVER_NODE_OPTIONS ?? ""}`.trim(),
  });
  try {
    const pid = childPid("scripts/start.ts");
    if (pid === undefined) throw new Error("the server process was not found");
    await new Promise((resolve) => setTimeout(resolve, 20_000));
    const idleRssMb = rssMbOf(pid);
    options.log(`${options.dialect}: idle RSS ${idleRssMb.toFixed(0)} MB; seeding ${options.capsules} capsules…`);
    const seeded = await seedCapsules(bench.handle.db, bench.handle.dialect, options.capsules, options.log);
    const pages = Math.max(1, Math.floor(options.capsules / 20));
    const byId = () => `/api/capsules/${seeded.firstId + Math.floor(Math.random() * seeded.capsules)}`;
    for (const pathFor of [byId, () => `/api/capsules?page=${1 + Math.floor(Math.random() * pages)}&limit=20`, () => `/read/${seeded.firstId + Math.floor(Math.random() * seeded.capsules)}`]) {
      await load(bench.stack.baseUrl, pathFor, { seconds: options.seconds, connections: 100 });
    }
    const afterReadsRssMb = rssMbOf(pid);
    const text = await (await fetch(`${bench.stack.baseUrl}/metrics`)).text();
    const [heapUsedMb, heapTotalMb, externalMb] = [metric(text, "nodejs_heap_size_used_bytes"), metric(text, "nodejs_heap_size_total_bytes"), metric(text, "nodejs_external_memory_bytes")];
    options.log(`  after reads: RSS ${afterReadsRssMb.toFixed(0)} MB (heap ${heapUsedMb.toFixed(0)} of ${heapTotalMb.toFixed(0)} MB, external ${externalMb.toFixed(0)} MB); taking a heap snapshot…`);
    const file = await heapSnapshot(pid, dir);
    const snapshotMb = fs.statSync(file).size / 1048576;
    const top = summarizeSnapshot(file);
    return { dialect: options.dialect, idleRssMb, afterReadsRssMb, heapUsedMb, heapTotalMb, externalMb, nativeMb: afterReadsRssMb - heapTotalMb - externalMb, top, snapshotMb, load: loadAverage() };
  } finally {
    await bench.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
