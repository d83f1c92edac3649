import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { CAPSULE_CHAIN_ID } from "./chain";
import { stopChild } from "@/lib/process/stop-child";
import { saveAnvilStatePeriodically } from "./anvil-state-saver";

// Starts anvil from the npm package @foundry-rs/anvil, bound to loopback only.
export type AnvilHandle = { rpcUrl: string; wsUrl: string; port: number; process: ChildProcess; stop: () => Promise<void> };

function anvilBinary(): string {
  const require = createRequire(import.meta.url);
  const platform = `${process.platform === "win32" ? "win32" : process.platform}-${process.arch === "x64" ? "amd64" : process.arch}`;
  try {
    const pkgJson = require.resolve(`@foundry-rs/anvil-${platform}/package.json`);
    return path.join(path.dirname(pkgJson), "bin", process.platform === "win32" ? "anvil.exe" : "anvil");
  } catch {
    return path.join(path.dirname(require.resolve("@foundry-rs/anvil/package.json")), "bin.mjs");
  }
}

export async function startAnvil(options: {
  port: number;
  host?: string;
  chainId?: number;
  stateFile?: string;
  blockTime?: number;
  quiet?: boolean;
  onLine?: (line: string) => void;
  /** How often the state file is saved (default 5 s); anvil_dumpState, written atomically (anvil-state-saver.ts). */
  stateSaveIntervalMs?: number;
  /** A save that failed (anvil not answering, a full disk): the file keeps the snapshot before it. */
  onStateSaveError?: (error: unknown) => void;
}): Promise<AnvilHandle> {
  const host = options.host ?? "127.0.0.1";
  const args = ["--host", host, "--port", String(options.port), "--chain-id", String(options.chainId ?? CAPSULE_CHAIN_ID)];
  const restoresState = options.stateFile !== undefined && fs.existsSync(options.stateFile);
  // loaded by anvil, saved by the server (anvil's own writes are not atomic: anvil-state-saver.ts)
  if (options.stateFile && restoresState) args.push("--load-state", options.stateFile);
  if (options.blockTime) args.push("--block-time", String(options.blockTime));
  const bin = anvilBinary();
  const child = bin.endsWith(".mjs")
    ? spawn(process.execPath, [bin, ...args], { stdio: ["ignore", "pipe", "pipe"] })
    : spawn(bin, args, { stdio: ["ignore", "pipe", "pipe"] });
  const rpcUrl = `http://${host}:${options.port}`;
  let output = "";
  // Another node on the port answers the readiness probe as well as this anvil would: only anvil's own line saying it
  // listens there makes the probe worth asking, so a second `npm start` never deploys into someone else's chain.
  const listeningLine = `Listening on ${host}:${options.port}`;
  let listening = false;
  const collect = (chunk: Buffer) => {
    const text = chunk.toString();
    output = (output + text).slice(-4000);
    if (!listening && output.includes(listeningLine)) listening = true;
    if (options.onLine) for (const line of text.split("\n")) if (line.trim()) options.onLine(line);
  };
  // anvil's banner lists its development accounts' private keys: never in an error message or a log line
  const said = () => output.replace(/0x[0-9a-fA-F]{64}/g, "0x…").trim();
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);

  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`anvil on ${rpcUrl} exited with code ${child.exitCode}: ${said()}`);
    if (!listening) {
      if (Date.now() > deadline) {
        child.kill("SIGKILL");
        throw new Error(`anvil did not say it listens on ${host}:${options.port} within 30 s: ${said()}`);
      }
      await new Promise((r) => setTimeout(r, 50));
      continue;
    }
    try {
      const response = await fetch(rpcUrl, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_chainId", params: [] }),
        // another program on the port may take the connection and never answer: look at anvil again meanwhile
        signal: AbortSignal.timeout(1_000),
      });
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`anvil did not answer on ${rpcUrl} within 30 s: ${said()}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }

  if (restoresState) await resumeClock(rpcUrl);
  const saver = options.stateFile
    ? saveAnvilStatePeriodically({
        dump: async () => String(await rpc(rpcUrl, "anvil_dumpState", [], 30_000)),
        file: options.stateFile,
        intervalMs: options.stateSaveIntervalMs ?? 5_000,
        onError: options.onStateSaveError ?? (() => undefined),
      })
    : undefined;
  // the last save while anvil still answers (none when it has already exited), then the signal
  const stop = async () => {
    await saver?.stop({ lastSave: child.exitCode === null && child.signalCode === null, withinMs: 10_000 });
    await stopChild(child, 10_000);
  };
  return { rpcUrl, wsUrl: rpcUrl.replace(/^http/, "ws"), port: options.port, process: child, stop };
}

async function rpc(rpcUrl: string, method: string, params: unknown[], timeoutMs?: number): Promise<unknown> {
  const response = await fetch(rpcUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
    signal: timeoutMs === undefined ? undefined : AbortSignal.timeout(timeoutMs),
  });
  const body = (await response.json()) as { result?: unknown; error?: { message?: string } };
  if (body.error) throw new Error(`anvil ${method}: ${body.error.message ?? JSON.stringify(body.error)}`);
  return body.result;
}

/**
 * anvil does not restore its clock from a state file: the first block after a restart takes the
 * wall-clock time even when the saved head is later (a time jump, a clock stepped back), so block
 * time would run backwards and a write the bridge accepted on the later time (a finalization after
 * the window, a vote inside a window that opened then) would revert when the outbox re-broadcasts
 * it. The clock resumes from the saved head instead.
 */
async function resumeClock(rpcUrl: string): Promise<void> {
  const head = (await rpc(rpcUrl, "eth_getBlockByNumber", ["latest", false])) as { timestamp: string };
  const headTime = Number(BigInt(head.timestamp));
  if (headTime >= Math.floor(Date.now() / 1000)) await rpc(rpcUrl, "evm_setTime", [headTime + 1]);
}
