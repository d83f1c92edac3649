import fs from "node:fs";
import path from "node:path";
import { openDatabase, type DatabaseHandle } from "@/lib/db/connection";
import { startStack, type Stack } from "@/test/support/stack";
import { benchDatabase } from "./bench-database";
import { onCleanup } from "./cleanup";

export type BenchStack = { stack: Stack; handle: DatabaseHandle; sqliteFile: string; stop: () => Promise<void> };

/** BENCH_SERVER_ENV="K=V K=V": server settings to compare (e.g. CAPSULE_HEAP_GROWING_PERCENT=0 MALLOC_ARENA_MAX=16). */
function serverEnvOverrides(): Record<string, string> {
  const pairs = (process.env.BENCH_SERVER_ENV ?? "").split(" ").filter(Boolean);
  return Object.fromEntries(pairs.map((pair) => [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)]));
}

/** BENCH_SERVER_NODE_FLAGS="--flag …": the server's Node flags instead of npm start's ("none" for no flags; empty is unset). */
function serverNodeFlags(): string[] | undefined {
  const flags = process.env.BENCH_SERVER_NODE_FLAGS;
  if (flags === undefined || flags.trim() === "") return undefined; // set but empty: npm start's, like unset
  return flags === "none" ? [] : flags.split(" ").filter(Boolean);
}

/**
 * The real system (`scripts/start.ts`, production build) on SQLite or on a dedicated
 * `capsule_bench_*` PostgreSQL database, plus a direct SQL handle for seeding. stop() closes
 * the handle, stops the stack and drops the database. `root` starts another checkout's stack.
 */
export async function startBenchStack(dialect: "sqlite" | "postgres", env: Record<string, string>, options: { root?: string } = {}): Promise<BenchStack> {
  const database = dialect === "postgres" ? await benchDatabase() : undefined;
  let stack: Stack;
  try {
    stack = await startStack({ database: dialect, databaseUrl: database?.url, env: { ...env, ...serverEnvOverrides() }, root: options.root, nodeFlags: serverNodeFlags() });
  } catch (error) {
    await database?.drop();
    throw error;
  }
  const stopStack = onCleanup(stack.stop);
  const sqliteFile = path.join(stack.dataDir, "capsule.sqlite");
  const handle = openDatabase({ databaseUrl: stack.databaseUrl, sqliteFile });
  const closeHandle = onCleanup(() => handle.close());
  const stop = async () => {
    await closeHandle();
    // BENCH_SERVER_LOG=file: the server's own output (its access lines, and e.g. --trace-gc's lines) appended there
    if (process.env.BENCH_SERVER_LOG) fs.appendFileSync(process.env.BENCH_SERVER_LOG, stack.output());
    await stopStack();
    await database?.drop();
  };
  return { stack, handle, sqliteFile, stop };
}
