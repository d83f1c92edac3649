import { spawn } from "node:child_process";
import path from "node:path";
import { stopChild } from "@/lib/process/stop-child";
import { load, type LoadFigures } from "./support/load";

// What the custom server's per-request observability costs (request id, context, route pattern,
// metrics, access line): the same tiny handler in its own process, without and with it. The access
// lines go to /dev/null as they would to a log collector. CPU time per request is the figure.
const rootDir = path.resolve(import.meta.dirname, "..");

async function run(mode: "bare" | "observed", seconds: number): Promise<LoadFigures> {
  const child = spawn(process.execPath, ["--import", "tsx", "--import", "./scripts/server-only-hook.mjs", "bench/support/observe-server-main.ts", mode], {
    cwd: rootDir,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: "production", CAPSULE_LOG_LEVEL: "info" },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let output = "";
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  try {
    const deadline = Date.now() + 60_000;
    let port: string | undefined;
    while (!(port = /listening (\d+)/.exec(output)?.[1])) {
      if (child.exitCode !== null || Date.now() > deadline) throw new Error(`the ${mode} server did not start:\n${output}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    const url = `http://127.0.0.1:${port}`;
    await load(url, () => "/api/capsules/12", { seconds: 2, connections: 20 }); // warm-up
    return await load(url, () => "/api/capsules/12", { seconds, connections: 20, serverPid: child.pid });
  } finally {
    await stopChild(child, 10_000);
  }
}

export type ObserveFigures = { bare: LoadFigures; observed: LoadFigures; overheadCpuUs: number };

export async function benchObserveOverhead(seconds: number): Promise<ObserveFigures> {
  const bare = await run("bare", seconds);
  const observed = await run("observed", seconds);
  return { bare, observed, overheadCpuUs: ((observed.cpuMsPerRequest ?? Number.NaN) - (bare.cpuMsPerRequest ?? Number.NaN)) * 1000 };
}
