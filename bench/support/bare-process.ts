import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { stopChild } from "@/lib/process/stop-child";

const rootDir = path.resolve(import.meta.dirname, "..", "..");

/** BENCH_BARE_NODE_FLAGS="--trace-gc …": Node flags for the bare server, to compare with BENCH_SERVER_NODE_FLAGS. */
const bareNodeFlags = () => (process.env.BENCH_BARE_NODE_FLAGS ?? "").split(" ").filter(Boolean);

/**
 * Runs the bare server in its own Node process, like the real server, so neither shares an
 * event loop with autocannon. close() sends SIGTERM and waits (SIGKILL after 10 s).
 */
export async function startBareProcess(options: {
  databaseUrl?: string;
  sqliteFile: string;
  origin: string;
  env?: Record<string, string>;
  /** The entry to run: the bare server (default) or bench/support/fast-path-server-main.ts. */
  main?: string;
}): Promise<{ url: string; pid: number; close: () => Promise<void> }> {
  const child = spawn(process.execPath, [...bareNodeFlags(), "--import", "tsx", "--import", "./scripts/server-only-hook.mjs", options.main ?? "bench/support/bare-server-main.ts"], {
    cwd: rootDir,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: "production",
      BENCH_SQLITE_FILE: options.sqliteFile,
      BENCH_ORIGIN: options.origin,
      ...(options.databaseUrl ? { BENCH_DATABASE_URL: options.databaseUrl } : {}),
      ...(process.env.BENCH_BARE_ASYNC_CONTEXT ? { BENCH_BARE_ASYNC_CONTEXT: process.env.BENCH_BARE_ASYNC_CONTEXT } : {}),
      ...(process.env.BENCH_FAST_PATH_NEXT ? { BENCH_FAST_PATH_NEXT: process.env.BENCH_FAST_PATH_NEXT } : {}),
      ...(process.env.CAPSULE_NEXT_DIST_DIR ? { CAPSULE_NEXT_DIST_DIR: process.env.CAPSULE_NEXT_DIST_DIR } : {}),
      ...(process.env.BENCH_BARE_HEAP_MB ? { BENCH_BARE_HEAP_MB: process.env.BENCH_BARE_HEAP_MB } : {}),
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const close = async () => {
    await stopChild(child, 10_000);
    // BENCH_BARE_LOG=file: the bare server's output (e.g. --trace-gc's lines) appended there, like BENCH_SERVER_LOG
    if (process.env.BENCH_BARE_LOG) fs.appendFileSync(process.env.BENCH_BARE_LOG, output);
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    const port = /\[bare\] listening (\d+)/.exec(output)?.[1];
    if (port) return { url: `http://127.0.0.1:${port}`, pid: child.pid!, close };
    if (child.exitCode !== null || Date.now() > deadline) {
      await close();
      throw new Error(`the bare server did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}
