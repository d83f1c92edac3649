import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "@/test/support/free-port";
import { waitFor } from "@/test/support/wait-for";
import { startCommandEnv } from "@/test/support/stack";
import { processesUsing } from "@/test/support/processes";

// `npm start` as a process manager or `kill <pid>` stops it: a SIGTERM to the npm process. npm hands the
// signal to its script's shell; the script execs node, so the server itself gets it and shuts down
// (anvil with it) instead of running on, orphaned, with the port still taken.

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "capsule-npm-start-"));

const portAnswers = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect({ host: "127.0.0.1", port }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.on("error", () => resolve(false));
  });

afterAll(() => {
  for (const pid of processesUsing(dataDir)) process.kill(pid, "SIGKILL");
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("npm start and a SIGTERM to the npm process", () => {
  it("stops the server and its anvil, and frees the port", async () => {
    const [port, anvilPort, bountyPort] = [await freePort(), await freePort(), await freePort()];
    const npm = spawn("npm", ["start"], {
      cwd: path.resolve(import.meta.dirname, "..", ".."),
      env: startCommandEnv({ dataDir, port, anvilPort, bountyPort }),
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    npm.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    npm.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const npmExited = new Promise<void>((resolve) => npm.once("exit", () => resolve()));

    /** Waits for `done`; a timeout names what was awaited, what still runs and the end of the start's output. */
    const waitOrExplain = (done: () => boolean | Promise<boolean>, what: string, timeoutMs: number) =>
      waitFor(done, what, timeoutMs).catch((error: unknown) => {
        throw new Error(`${error instanceof Error ? error.message : String(error)}; left running: ${processesUsing(dataDir).join(", ") || "nothing"}\n${output.slice(-2000)}`);
      });

    await waitOrExplain(() => output.includes("[capsule] ready"), "npm start to be ready", 100_000);
    expect(await portAnswers(port)).toBe(true);
    expect(processesUsing(dataDir).length, "the server and its anvil run").toBeGreaterThanOrEqual(2);

    npm.kill("SIGTERM");
    await npmExited;
    await waitOrExplain(() => output.includes("[capsule] stopped"), "the server to say it stopped", 30_000);
    await waitOrExplain(async () => !(await portAnswers(port)), "the port to be free", 10_000);
    await waitOrExplain(() => processesUsing(dataDir).length === 0, "no process of this data directory", 10_000);
  });
});
