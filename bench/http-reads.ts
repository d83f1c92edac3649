import { seedCapsules, type SeedResult } from "./seed-capsules";
import { startBareProcess } from "./support/bare-process";
import { startBenchStack } from "./support/bench-stack";
import { onCleanup } from "./support/cleanup";
import { load, loadOnWarmConnections, type LoadFigures } from "./support/load";
import { loadAverage } from "./support/machine";
import { childPid, processCpuMs, threadCpuDelta, threadCpuMs } from "./support/process-cpu";

/** `kind` names a route the same way at every table size (page numbers differ): "by id", "page 1", "middle", "last", … */
export type ReadFigures = { dialect: string; capsules: number; seedSeconds: number; route: string; kind: string; viaRoute: LoadFigures; bare: LoadFigures; load: string };
type Route = { name: string; kind: string; pathFor: () => string };

const CONNECTIONS = 100;
/**
 * BENCH_RATE: requests a second over all connections instead of as many as they can (autocannon's
 * overallRate), to compare a request's CPU below saturation with its CPU at it. autocannon paces each
 * connection by the second, so the requests come in bursts: such a run's latencies are not a paced server's.
 */
const RATE = process.env.BENCH_RATE ? Number(process.env.BENCH_RATE) : undefined;
/**
 * BENCH_WARMUP_SECONDS: how long the connections are loaded before the window opens. Some first requests of
 * the opening burst were seen waiting up to 5 s (docs/PERFORMANCE.md), so the default outlasts that.
 */
export const WARM_UP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 8);

/** BENCH_IDLE_SECONDS: how long the route server's CPU is measured with no request before the loads (its timers, feeds and pools). */
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 5);

async function idleCpuMsPerSecond(pid: number, seconds: number): Promise<number> {
  const before = processCpuMs(pid) ?? 0;
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  return ((processCpuMs(pid) ?? 0) - before) / seconds;
}

/** Both servers must answer a path with the same body before their speeds are compared. */
async function sameAnswer(routeUrl: string, bareUrl: string, path: string): Promise<void> {
  const [a, b] = await Promise.all([fetch(routeUrl + path), fetch(bareUrl + path)]);
  const [textA, textB] = await Promise.all([a.text(), b.text()]);
  if (a.status !== 200 || b.status !== 200 || textA !== textB) {
    throw new Error(`route handler and bare server disagree on ${path}: ${a.status} ${textA.slice(0, 200)} / ${b.status} ${textB.slice(0, 200)}`);
  }
}

/** BENCH_READ_KINDS="by id,page 1": only these kinds (default every one). */
const only = (routes: Route[]) => {
  const kinds = process.env.BENCH_READ_KINDS?.split(",").map((k) => k.trim());
  return kinds ? routes.filter((r) => kinds.includes(r.kind)) : routes;
};

const listPath = (page: number, query = "") => `/api/capsules?${query}page=${page}&limit=20`;

/** By id, list pages 1, 10, middle and last; with `filters`, also one outlet's middle and last page and the status filter's first and last. */
function readRoutes(seeded: SeedResult, capsules: number, filters: boolean): Route[] {
  const pages = Math.ceil(capsules / 20);
  const middle = Math.ceil(pages / 2);
  const list = (kind: string, page: number, query = ""): Route => ({ name: `GET /api/capsules?${query}page=${page}`, kind, pathFor: () => listPath(page, query) });
  const depths = new Map<number, string>();
  for (const [page, kind] of [[1, "page 1"], [10, "page 10"], [middle, "middle"], [pages, "last"]] as const) if (!depths.has(page)) depths.set(page, kind);
  const routes: Route[] = [
    { name: "GET /api/capsules/:id", kind: "by id", pathFor: () => `/api/capsules/${seeded.firstId + Math.floor(Math.random() * seeded.capsules)}` },
    ...[...depths].map(([page, kind]) => list(kind, page)),
  ];
  if (!filters) return only(routes);
  // every seeded capsule is finalized and of one outlet: these filters select all of them, by other indexes
  const outlet = `outlet=${seeded.outletSlug}&`;
  return only([...routes, list("outlet middle", middle, outlet), list("outlet last", pages, outlet), list("status page 1", 1, "status=finalized&"), list("status last", pages, "status=finalized&")]);
}

/**
 * Seeds capsules into a real stack's database, then loads GET /api/capsules/:id and list pages
 * at several depths through the Next.js route handlers (production build, public GET limit raised
 * by configuration, indexer off) and through a bare node:http process doing the same queries.
 */
export async function benchHttpReads(options: { dialect: "sqlite" | "postgres"; capsules: number; seconds: number; filters: boolean; log: (m: string) => void }): Promise<ReadFigures[]> {
  // BENCH_REMEMBER=0: the route server reads and builds every answer (CAPSULE_HTTP_REMEMBER=0), as the bare server does
  const remember: Record<string, string> = process.env.BENCH_REMEMBER === "0" ? { CAPSULE_HTTP_REMEMBER: "0" } : {};
  const bench = await startBenchStack(options.dialect, { CAPSULE_RATE_PUBLIC_GET_PER_MIN: "1000000000", CAPSULE_INDEXER: "off", ...remember });
  const figures: ReadFigures[] = [];
  try {
    options.log(`seeding ${options.capsules} capsules on ${options.dialect}…`);
    const seeded = await seedCapsules(bench.handle.db, bench.handle.dialect, options.capsules, options.log);
    options.log(`  ${seeded.rows} rows in ${seeded.seconds.toFixed(1)} s (${Math.round(seeded.rows / seeded.seconds)} rows/s)`);
    const bare = await startBareProcess({ databaseUrl: bench.stack.databaseUrl, sqliteFile: bench.sqliteFile, origin: bench.stack.baseUrl });
    const closeBare = onCleanup(bare.close);
    // BENCH_FAST_PATH=1: also the route's request path without Next.js (bench/support/fast-path-server-main.ts)
    const fastPath =
      process.env.BENCH_FAST_PATH === "1"
        ? await startBareProcess({ databaseUrl: bench.stack.databaseUrl, sqliteFile: bench.sqliteFile, origin: bench.stack.baseUrl, main: "bench/support/fast-path-server-main.ts" })
        : undefined;
    const closeFastPath = fastPath ? onCleanup(fastPath.close) : async () => undefined;
    const routePid = childPid("scripts/start.ts");
    const routes = readRoutes(seeded, options.capsules, options.filters);
    if (routePid !== undefined) options.log(`  route server at rest: ${(await idleCpuMsPerSecond(routePid, IDLE_SECONDS)).toFixed(1)} ms CPU a second over ${IDLE_SECONDS} s`);
    try {
      for (const { name, kind, pathFor } of routes) {
        await sameAnswer(bench.stack.baseUrl, bare.url, pathFor());
        const measure = async (url: string, serverPid: number | undefined) => {
          // warm-up (JIT, caches, pool, and the connections themselves); BENCH_NEW_CONNECTIONS=1 measures on
          // connections opened at the start of the window, as before 2026-11-29 (docs/PERFORMANCE.md)
          if (process.env.BENCH_NEW_CONNECTIONS !== "1") return loadOnWarmConnections(url, pathFor, { warmUpSeconds: WARM_UP_SECONDS, seconds: options.seconds, connections: CONNECTIONS, serverPid, overallRate: RATE });
          await load(url, pathFor, { seconds: 2, connections: CONNECTIONS });
          return load(url, pathFor, { seconds: options.seconds, connections: CONNECTIONS, serverPid });
        };
        const routeThreads = routePid === undefined ? undefined : threadCpuMs(routePid);
        const viaRoute = await measure(bench.stack.baseUrl, routePid);
        if (routePid !== undefined && routeThreads !== undefined) options.log(`  ${name}: route server's threads over warm-up and run: ${threadCpuDelta(routeThreads, threadCpuMs(routePid))}`);
        const bareThreads = threadCpuMs(bare.pid);
        const bareFigures = await measure(bare.url, bare.pid);
        options.log(`  ${name}: bare server's threads over warm-up and run: ${threadCpuDelta(bareThreads, threadCpuMs(bare.pid))}`);
        if (fastPath) {
          await sameAnswer(bench.stack.baseUrl, fastPath.url, pathFor());
          const f = await measure(fastPath.url, fastPath.pid);
          options.log(`  ${name}: fast path ${process.env.BENCH_FAST_PATH_NEXT === "1" ? "with Next loaded, unused" : "without Next"} ${f.rps.toFixed(0)} req/s (p50 ${f.p50} / p99 ${f.p99} ms, ${f.cpuMsPerRequest?.toFixed(2) ?? "?"} ms CPU/req, ${f.errors} errors)`);
        }
        figures.push({ dialect: options.dialect, capsules: options.capsules, seedSeconds: seeded.seconds, route: name, kind, viaRoute, bare: bareFigures, load: loadAverage() });
        const cpu = (f: LoadFigures) => (f.cpuMsPerRequest === undefined ? "" : `, ${f.cpuMsPerRequest.toFixed(2)} ms CPU/req`);
        options.log(
          `  ${name}: route ${viaRoute.rps.toFixed(0)} req/s (p50 ${viaRoute.p50} / p99 ${viaRoute.p99} ms${cpu(viaRoute)}, ${viaRoute.errors} errors), ` +
            `bare ${bareFigures.rps.toFixed(0)} req/s (p50 ${bareFigures.p50} / p99 ${bareFigures.p99} ms${cpu(bareFigures)}, ${bareFigures.errors} errors), load ${loadAverage()}`,
        );
      }
    } finally {
      await closeFastPath();
      await closeBare();
    }
  } finally {
    await bench.stop();
  }
  return figures;
}
