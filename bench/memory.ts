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
  /** The snapshot's live heap (self sizes summed) after the reads, and after one GET of every page and route. */
  liveMb: number;
  everyRouteLiveMb: number;
  load: string;
};

const rssMbOf = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? Number.NaN) / 1024;
/** Resident memory by kind (/proc smaps_rollup): anonymous (heaps, malloc) vs file-backed (code, mapped files). */
const residentKinds = (pid: number) => {
  const text = fs.readFileSync(`/proc/${pid}/smaps_rollup`, "utf8");
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(text)?.[1] ?? Number.NaN);
  return `anonymous ${(kb("Anonymous") / 1024).toFixed(0)} MB, file-backed ${((kb("Rss") - kb("Anonymous")) / 1024).toFixed(0)} MB`;
};
/** Open descriptors on the database file: one per SQLite connection the server holds. */
const sqliteHandles = (pid: number, file: string) =>
  fs.readdirSync(`/proc/${pid}/fd`).filter((fd) => {
    try {
      return fs.readlinkSync(`/proc/${pid}/fd/${fd}`) === path.resolve(file);
    } catch {
      return false;
    }
  }).length;
const metric = (text: string, name: string) => Number(new RegExp(`^${name} (\\S+)`, "m").exec(text)?.[1] ?? Number.NaN) / 1048576;

type Snapshot = { snapshot: { meta: { node_fields: string[]; node_types: [string[]] } }; nodes: number[]; strings: string[] };

/**
 * Self sizes of a V8 heap snapshot summed by constructor (objects) or by node type (code, strings,
 * arrays…), and their total: the live heap after the full collection the snapshot makes.
 */
export function summarizeSnapshot(file: string, top = 12): { top: Array<{ name: string; mb: number; count: number }>; liveMb: number } {
  const parsed = JSON.parse(fs.readFileSync(file, "utf8")) as Snapshot;
  const fields = parsed.snapshot.meta.node_fields;
  const types = parsed.snapshot.meta.node_types[0];
  const [typeAt, nameAt, sizeAt] = [fields.indexOf("type"), fields.indexOf("name"), fields.indexOf("self_size")];
  const sums = new Map<string, { bytes: number; count: number }>();
  let total = 0;
  for (let i = 0; i < parsed.nodes.length; i += fields.length) {
    const type = types[parsed.nodes[i + typeAt]!] ?? "?";
    const name = type === "object" || type === "closure" ? `${type === "closure" ? "closure " : ""}${parsed.strings[parsed.nodes[i + nameAt]!]}` : `(${type})`;
    const entry = sums.get(name) ?? { bytes: 0, count: 0 };
    entry.bytes += parsed.nodes[i + sizeAt]!;
    entry.count += 1;
    sums.set(name, entry);
    total += parsed.nodes[i + sizeAt]!;
  }
  const largest = [...sums].sort((a, b) => b[1].bytes - a[1].bytes).slice(0, top).map(([name, s]) => ({ name, mb: s.bytes / 1048576, count: s.count }));
  return { top: largest, liveMb: total / 1048576 };
}

/**
 * One GET of every page and route of the build (dynamic segments filled with 1), so every route module
 * is loaded: what a heap cap would have to hold. Streams (/api/live) are cut after 5 s.
 */
async function requestEveryRoute(baseUrl: string): Promise<number> {
  const manifestFile = path.join(process.env.CAPSULE_NEXT_DIST_DIR ?? ".next-bench", "app-path-routes-manifest.json");
  const routes = JSON.parse(fs.readFileSync(manifestFile, "utf8")) as Record<string, string>;
  const paths = [...new Set(Object.values(routes))].map((route) => route.replace(/\[\[?\.{0,3}[^\]]+\]\]?/g, "1"));
  for (const route of paths) {
    const response = await fetch(`${baseUrl}${route}`, { signal: AbortSignal.timeout(5_000) }).catch(() => undefined);
    await response?.arrayBuffer().catch(() => undefined);
  }
  return paths.length;
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
    // other Node flags to try (a heap cap): BENCH_SERVER_NODE_FLAGS, as for every bench's server
    NODE_OPTIONS: `--heapsnapshot-signal=SIGUSR2 --diagnostic-dir=${dir}`,
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
    options.log(`  after reads: ${residentKinds(pid)}; ${sqliteHandles(pid, bench.sqliteFile)} SQLite handles open`);
    const text = await (await fetch(`${bench.stack.baseUrl}/metrics`)).text();
    const [heapUsedMb, heapTotalMb, externalMb] = [metric(text, "nodejs_heap_size_used_bytes"), metric(text, "nodejs_heap_size_total_bytes"), metric(text, "nodejs_external_memory_bytes")];
    options.log(`  after reads: RSS ${afterReadsRssMb.toFixed(0)} MB (heap ${heapUsedMb.toFixed(0)} of ${heapTotalMb.toFixed(0)} MB, external ${externalMb.toFixed(0)} MB); taking a heap snapshot…`);
    const file = await heapSnapshot(pid, dir);
    const snapshotMb = fs.statSync(file).size / 1048576;
    const { top, liveMb } = summarizeSnapshot(file);
    const everyRoute = await requestEveryRoute(bench.stack.baseUrl);
    const everyRouteLiveMb = summarizeSnapshot(await heapSnapshot(pid, dir), 0).liveMb;
    // no RSS here: writing the first snapshot left the process's native heap grown
    options.log(`  after one GET of each of the build's ${everyRoute} pages and routes: live heap ${everyRouteLiveMb.toFixed(0)} MB (after the reads: ${liveMb.toFixed(0)} MB)`);
    return { dialect: options.dialect, idleRssMb, afterReadsRssMb, heapUsedMb, heapTotalMb, externalMb, nativeMb: afterReadsRssMb - heapTotalMb - externalMb, top, snapshotMb, liveMb, everyRouteLiveMb, load: loadAverage() };
  } finally {
    await bench.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
