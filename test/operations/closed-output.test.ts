import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "@/test/support/free-port";
import { waitFor } from "@/test/support/wait-for";
import { startCommandEnv } from "@/test/support/stack";
import { processesUsing } from "@/test/support/processes";
import { SERVER_NODE_FLAGS } from "@/server/memory-settings";

// The server's output is a pipe to whatever reads it (a terminal's `| tee`, a log shipper). When that
// reader is gone every write fails with EPIPE. Before, those failures came back as uncaught exceptions,
// the shutdown then hung until its 40 s limit, exited 1 and left the bundled anvil running, its state
// unsaved. Now the server goes on without its output and stops cleanly on SIGTERM, anvil with it.

const rootDir = path.resolve(import.meta.dirname, "..", "..");
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "capsule-closed-output-"));

afterAll(() => {
  for (const pid of processesUsing(dataDir)) process.kill(pid, "SIGKILL");
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("a server whose output's reader has gone", () => {
  it("keeps answering, and stops cleanly on SIGTERM with its anvil, which saves its state", async () => {
    const [port, anvilPort, bountyPort] = [await freePort(), await freePort(), await freePort()];
    const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, "--import", "tsx", "--import", "./scripts/server-only-hook.mjs", "scripts/start.ts"], {
      cwd: rootDir,
      env: startCommandEnv({ dataDir, port, anvilPort, bountyPort }),
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    server.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    server.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => server.once("exit", (code) => resolve(code)));
    await waitFor(() => output.includes("[capsule] ready"), "the server to be ready", 100_000).catch((error: unknown) => {
      throw new Error(`${String(error)}\n${output.slice(-2000)}`);
    });
    const stateFile = path.join(dataDir, "anvil-state.json");
    fs.rmSync(stateFile, { force: true }); // written again only when anvil stops and saves it (or at its 5 s interval)

    // the reader goes: every write to stdout and stderr from now on fails with EPIPE
    server.stdout.destroy();
    server.stderr.destroy();
    for (let i = 0; i < 5; i++) {
      const health = await fetch(`http://127.0.0.1:${port}/api/health`); // each request writes an access line
      expect(health.status).toBe(200);
      await health.arrayBuffer();
    }
    const missing = await fetch(`http://127.0.0.1:${port}/api/capsules/999999999`); // and an answer that logs more
    expect(missing.status).toBe(404);
    await missing.arrayBuffer();

    server.kill("SIGTERM");
    expect(await exited, "exit code: 0 when every part stopped, 1 when the shutdown hung past its limit").toBe(0);
    await waitFor(() => processesUsing(dataDir).length === 0, "no process of this data directory (anvil included)", 10_000).catch((error: unknown) => {
      throw new Error(`${String(error)}: ${processesUsing(dataDir).join(", ")}`);
    });
    expect(fs.existsSync(stateFile), "anvil saved its state as it stopped").toBe(true);
  });
});
