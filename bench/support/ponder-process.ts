import { spawn } from "node:child_process";
import fs from "node:fs";
import { z } from "zod";
import { stopChild } from "@/lib/process/stop-child";
import { freePort } from "@/test/support/free-port";
import { onCleanup } from "./cleanup";
import { PONDER_DIR } from "./ponder-install";

export type PonderRun = {
  /** From Ponder's "Started … historical sync" log to its "Completed historical indexing" log (its own clock). */
  backfillSeconds: number;
  /** From spawning the process to /ready answering 200 (build, schema, back-fill, indexes). */
  readySeconds: number;
  counts: { events: number; votes: number; activity: number };
};

const logLine = z.object({ time: z.number(), level: z.number(), msg: z.string() });
const jsonOrUndefined = (line: string): unknown => {
  try {
    return JSON.parse(line);
  } catch {
    return undefined; // Ponder's own output that is not a log line
  }
};
const counts = z.object({ events: z.number(), votes: z.number(), activity: z.number() });

/**
 * Runs `ponder start` in bench/ponder until its historical indexing is complete and /ready answers,
 * reads back the rows it wrote, and stops it. Telemetry is off, so Ponder sends nothing anywhere.
 */
export async function runPonder(options: { bin: string; env: Record<string, string>; log: (m: string) => void }): Promise<PonderRun> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { NODE_ENV: "production", PATH: process.env.PATH, HOME: process.env.HOME, PONDER_TELEMETRY_DISABLED: "true", CI: "true", PORT: String(port), DATABASE_SCHEMA: "bench", ...options.env };
  const spawned = performance.now();
  const child = spawn(process.execPath, [options.bin, "--log-format", "json", ...(process.env.BENCH_PONDER_LOG ? ["--log-level", "debug"] : []), "start", "--hostname", "127.0.0.1"], { cwd: PONDER_DIR, env, stdio: ["ignore", "pipe", "pipe"] });
  const stop = onCleanup(() => stopChild(child, 10_000));
  // BENCH_PONDER_LOG=<file>: Ponder's own log lines of the run, appended
  if (process.env.BENCH_PONDER_LOG) child.stdout.pipe(fs.createWriteStream(process.env.BENCH_PONDER_LOG, { flags: "a" }));
  let tail = "";
  let started: number | undefined;
  let completed: number | undefined;
  const done = new Promise<void>((resolve, reject) => {
    let buffered = "";
    child.stdout.on("data", (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split("\n");
      buffered = lines.pop() ?? "";
      for (const line of lines) {
        tail = `${tail}\n${line}`.slice(-4000);
        const parsed = logLine.safeParse(jsonOrUndefined(line));
        if (!parsed.success) continue;
        const { time, level, msg } = parsed.data;
        if (level >= 50) reject(new Error(`Ponder: ${msg}\n${tail}`));
        if (/^Started '.+' historical sync/.test(msg)) started = time;
        if (msg === "Completed historical indexing") completed = time;
        if (msg.startsWith("Started returning 200 responses from /ready")) resolve();
      }
    });
    child.stderr.on("data", (chunk: Buffer) => (tail = `${tail}\n${chunk.toString()}`.slice(-4000)));
    child.once("exit", (code) => reject(new Error(`Ponder exited (${code}) before it was ready:\n${tail}`)));
  });
  try {
    await done;
    const readySeconds = (performance.now() - spawned) / 1000;
    if (started === undefined || completed === undefined) throw new Error(`Ponder did not log the start and end of its back-fill:\n${tail}`);
    const response = await fetch(`http://127.0.0.1:${port}/bench/counts`);
    return { backfillSeconds: (completed - started) / 1000, readySeconds, counts: counts.parse(await response.json()) };
  } finally {
    await stop();
  }
}
