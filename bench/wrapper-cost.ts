// Where a by-id read's CPU goes inside one process, without sockets or load: the bare server's work
// (service call, response schema, JSON) against the route wrapper's `answer` for the same request,
// one request at a time over random ids, CPU a request from process.cpuUsage. The route server's
// surplus under load that this does not show is the HTTP side (observer, fast path) and collection
// of a larger heap (docs/PERFORMANCE.md). `npm run bench wrapper` runs this file once per dialect,
// each in its own process, because the configuration and the database handle are per process.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { seedCapsules } from "./seed-capsules";
import { benchDatabase } from "./support/bench-database";

type Step = { name: string; run: (id: number) => Promise<unknown> };
export type WrapperFigures = { dialect: string; step: string; cpuMs: number; wallMs: number };

const rootDir = path.resolve(import.meta.dirname, "..");

async function perRequest(step: Step, nextId: () => number, requests: number): Promise<{ cpuMs: number; wallMs: number }> {
  for (let i = 0; i < Math.min(500, requests); i++) await step.run(nextId()); // JIT, pool, caches
  const cpu = process.cpuUsage();
  const wall = performance.now();
  for (let i = 0; i < requests; i++) await step.run(nextId());
  const used = process.cpuUsage(cpu);
  return { cpuMs: (used.user + used.system) / 1000 / requests, wallMs: (performance.now() - wall) / requests };
}

async function measure(options: { dialect: "sqlite" | "postgres"; capsules: number; requests: number }): Promise<WrapperFigures[]> {
  const pg = options.dialect === "postgres" ? await benchDatabase() : undefined;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "capsule-wrapper-"));
  Object.assign(process.env, { DATABASE_URL: pg?.url ?? "", CAPSULE_DATA_DIR: dataDir, CAPSULE_RATE_PUBLIC_GET_PER_MIN: "1000000000", CAPSULE_LOG_LEVEL: "warn" });
  try {
    const { database } = await import("@/lib/db/client");
    const { migrateToLatest } = await import("@/lib/db/migrate");
    const handle = database();
    await migrateToLatest(handle.db as never);
    const seeded = await seedCapsules(handle.db, handle.dialect, options.capsules, () => undefined);
    const { capsuleReadRoute } = await import("@/features/capsule-reads");
    const { getCapsuleResponse } = await import("@/features/capsules/capsule-queries");
    const { ZCapsuleResponse } = await import("@/features/capsules/capsules.schema");
    const { requestHeadOf } = await import("@/lib/http/request-head");
    const origin = "http://127.0.0.1:3000";
    const nextId = () => seeded.firstId + Math.floor(Math.random() * seeded.capsules);
    const steps: Step[] = [
      { name: "bare: service, schema, JSON", run: async (id) => JSON.stringify(ZCapsuleResponse.parse(await getCapsuleResponse(handle.db, id, origin, undefined))) },
      {
        name: "route wrapper's answer",
        run: async (id) => {
          const answered = await capsuleReadRoute.answer(requestHeadOf("GET", `${origin}/api/capsules/${id}`, { host: "127.0.0.1:3000" }), { id: String(id) });
          if (answered instanceof Response || answered.status !== 200) throw new Error(`the route answered ${answered.status} for capsule ${id}`);
          return answered;
        },
      },
    ];
    const figures: WrapperFigures[] = [];
    for (let round = 0; round < 2; round++) for (const step of steps) figures.push({ dialect: options.dialect, step: step.name, ...(await perRequest(step, nextId, options.requests)) });
    await handle.close();
    return figures;
  } finally {
    await pg?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Runs the measurement in a child process for one dialect; its figures come back as one JSON line. */
export async function benchWrapperCost(options: { dialect: "sqlite" | "postgres"; capsules: number; requests: number }): Promise<WrapperFigures[]> {
  const child = spawn(process.execPath, ["--import", "tsx", "--import", "./scripts/server-only-hook.mjs", "bench/wrapper-cost.ts", options.dialect, String(options.capsules), String(options.requests)], {
    cwd: rootDir,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: "production" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  const line = output.split("\n").find((l) => l.startsWith("[wrapper] "));
  if (code !== 0 || !line) throw new Error(`the wrapper bench for ${options.dialect} failed (exit ${code}):\n${output}`);
  return JSON.parse(line.slice("[wrapper] ".length)) as WrapperFigures[];
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [dialect, capsules, requests] = process.argv.slice(2);
  measure({ dialect: dialect === "postgres" ? "postgres" : "sqlite", capsules: Number(capsules), requests: Number(requests) }).then(
    (figures) => {
      console.log(`[wrapper] ${JSON.stringify(figures)}`);
      process.exit(0);
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
