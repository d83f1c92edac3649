import { seedCapsules } from "./seed-capsules";
import { startBenchStack } from "./support/bench-stack";
import { load, type LoadFigures } from "./support/load";
import { loadAverage } from "./support/machine";
import { childPid, processCpuMs } from "./support/process-cpu";

// Issue 16 items 2–3: the route server's CPU per request for the trivial route, a full by-id
// read and a by-id 304, with Next's compression on (default) and off (CAPSULE_HTTP_COMPRESS=0).

export type FixedCostFigures = { version: string; compress: string; route: string; figures: LoadFigures; netCpuMsPerRequest: number | undefined; idleCpuMsPerSecond: number | undefined; load: string };

/**
 * The server's own CPU while nobody calls it (timers, the outbox worker, GC), per second. On a
 * loaded machine the server answers few requests per second, and this background share would
 * otherwise be charged to them.
 */
async function idleCpuPerSecond(pid: number | undefined, ms: number): Promise<number | undefined> {
  if (pid === undefined) return undefined;
  const before = processCpuMs(pid);
  await new Promise((resolve) => setTimeout(resolve, ms));
  const after = processCpuMs(pid);
  return before === undefined || after === undefined ? undefined : ((after - before) * 1000) / ms;
}

const CONNECTIONS = 50;
const TAGGED_IDS = 500;

/** A build to measure: this checkout, or another one (`root`, e.g. the commit before a change) with its own env. */
export type FixedCostVersion = { version: string; root?: string; env?: Record<string, string> };

export async function benchFixedCost(options: { capsules: number; seconds: number; log: (m: string) => void; versions?: FixedCostVersion[] }): Promise<FixedCostFigures[]> {
  const out: FixedCostFigures[] = [];
  const passes = (options.versions ?? [{ version: "this" }]).flatMap((v) => ["1", "0"].map((compress) => ({ ...v, compress })));
  for (const { version, root, env, compress } of passes) {
    const bench = await startBenchStack("sqlite", { CAPSULE_RATE_PUBLIC_GET_PER_MIN: "1000000000", CAPSULE_INDEXER: "off", CAPSULE_HTTP_COMPRESS: compress, ...env }, { root });
    try {
      options.log(`fixed cost, ${version}, CAPSULE_HTTP_COMPRESS=${compress}: seeding ${options.capsules} capsules…`);
      const seeded = await seedCapsules(bench.handle.db, bench.handle.dialect, options.capsules, options.log);
      const base = bench.stack.baseUrl;
      const pid = childPid("scripts/start.ts");
      const ids = Array.from({ length: TAGGED_IDS }, (_, i) => seeded.firstId + Math.floor((i * seeded.capsules) / TAGGED_IDS));
      const etags = new Map<string, string>();
      for (const id of ids) {
        const res = await fetch(`${base}/api/capsules/${id}`, { headers: { "accept-encoding": "gzip" } });
        await res.arrayBuffer();
        etags.set(`/api/capsules/${id}`, res.headers.get("etag") ?? "");
      }
      const randomId = () => `/api/capsules/${ids[Math.floor(Math.random() * ids.length)]}`;
      const gzip = { "accept-encoding": "gzip, deflate, br" };
      const routes: Array<[string, () => string, ((path: string) => Record<string, string>) | undefined]> = [
        ["GET /api/meta/action-keys (trivial)", () => "/api/meta/action-keys", () => gzip],
        ["GET /api/capsules/:id (200)", randomId, () => gzip],
        ["GET /api/capsules/:id (304)", randomId, (path) => ({ ...gzip, "if-none-match": etags.get(path) ?? "" })],
      ];
      const idle = await idleCpuPerSecond(pid, 6000);
      options.log(`  idle server: ${idle?.toFixed(1)} ms CPU per second`);
      for (const [name, pathFor, headersFor] of routes) {
        await load(base, pathFor, { seconds: 2, connections: CONNECTIONS, headersFor });
        const figures = await load(base, pathFor, { seconds: options.seconds, connections: CONNECTIONS, serverPid: pid, headersFor });
        const net = figures.cpuMsPerRequest === undefined || idle === undefined ? undefined : figures.cpuMsPerRequest - (idle * options.seconds) / Math.max(1, figures.requests);
        out.push({ version, compress, route: name, figures, netCpuMsPerRequest: net, idleCpuMsPerSecond: idle, load: loadAverage() });
        options.log(`  ${name}: ${figures.rps.toFixed(0)} req/s, ${figures.cpuMsPerRequest?.toFixed(3)} ms CPU/req (${net?.toFixed(3)} without the idle share), 304s ${figures.notModified}, errors ${figures.errors}, load ${loadAverage()}`);
      }
    } finally {
      await bench.stop();
    }
  }
  return out;
}
