import path from "node:path";
import autocannon from "autocannon";
import { openDatabase } from "@/lib/db/connection";
import { startStack } from "@/test/support/stack";
import { seedCapsules } from "./seed-capsules";
import { startBareServer } from "./support/bare-server";

export type ReadFigures = { dialect: string; target: string; route: string; rps: number; p50: number; p99: number; errors: number };

async function load(url: string, pathFor: () => string, seconds: number) {
  const result = await autocannon({
    url,
    connections: 100,
    pipelining: 1,
    duration: seconds,
    requests: [{ setupRequest: (request) => ({ ...request, path: pathFor() }) }],
  });
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.non2xx + result.timeouts };
}

/**
 * Seeds capsules into a real stack's database, then loads GET /api/capsules/:id and list pages
 * through the Next.js route handlers and through a bare node:http server doing the same queries.
 */
export async function benchHttpReads(options: { dialect: "sqlite" | "postgres"; capsules: number; seconds: number; log: (m: string) => void }): Promise<ReadFigures[]> {
  const stack = await startStack({
    database: options.dialect,
    env: { CAPSULE_RATE_PUBLIC_GET_PER_MIN: "1000000000", CAPSULE_INDEXER: "off" },
  });
  const handle = openDatabase({ databaseUrl: stack.databaseUrl, sqliteFile: path.join(stack.dataDir, "capsule.sqlite") });
  const figures: ReadFigures[] = [];
  try {
    options.log(`seeding ${options.capsules} capsules on ${options.dialect}…`);
    const seeded = await seedCapsules(handle.db, options.capsules, options.log);
    const bare = await startBareServer(handle.db, stack.baseUrl);
    const pages = Math.floor(options.capsules / 20);
    const routes: Array<[string, () => string]> = [
      ["GET /api/capsules/:id", () => `/api/capsules/${seeded.firstId + Math.floor(Math.random() * seeded.capsules)}`],
      ["GET /api/capsules?page=1", () => "/api/capsules?page=1&limit=20"],
      [`GET /api/capsules?page=${Math.floor(pages / 2)}`, () => `/api/capsules?page=${Math.floor(pages / 2)}&limit=20`],
      [`GET /api/capsules?page=${pages}`, () => `/api/capsules?page=${pages}&limit=20`],
    ];
    try {
      for (const [name, pathFor] of routes) {
        for (const [target, url] of [["route handler", stack.baseUrl], ["bare node:http", bare.url]] as const) {
          await load(url, pathFor, 2); // warm-up
          const result = await load(url, pathFor, options.seconds);
          figures.push({ dialect: options.dialect, target, route: name, ...result });
          options.log(`  ${name} via ${target}: ${result.rps.toFixed(0)} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, errors ${result.errors}`);
        }
      }
    } finally {
      await bare.close();
    }
  } finally {
    await handle.close();
    await stack.stop();
  }
  return figures;
}
