import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "@/test/support/free-port";
import { waitFor } from "@/test/support/wait-for";
import { sharedContractsCache } from "@/test/support/stack";

// `npm start` as a process manager or `kill <pid>` stops it: a SIGTERM to the npm process. npm hands the
// signal to its script's shell; the script execs node, so the server itself gets it and shuts down
// (anvil with it) instead of running on, orphaned, with the port still taken.

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "capsule-npm-start-"));

/** The processes started with this test's data directory (the server and its anvil): none may outlive the test. */
function processesOfThisTest(): number[] {
  const found: number[] = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^[0-9]+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      const environ = fs.readFileSync(`/proc/${entry}/environ`, "utf8");
      const cmdline = fs.readFileSync(`/proc/${entry}/cmdline`, "utf8");
      if (environ.includes(`CAPSULE_DATA_DIR=${dataDir}\0`) || cmdline.includes(dataDir)) found.push(Number(entry));
    } catch {
      // gone meanwhile, or not ours to read
    }
  }
  return found;
}

const portAnswers = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect({ host: "127.0.0.1", port }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.on("error", () => resolve(false));
  });

afterAll(() => {
  for (const pid of processesOfThisTest()) process.kill(pid, "SIGKILL");
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("npm start and a SIGTERM to the npm process", () => {
  it("stops the server and its anvil, and frees the port", async () => {
    const [port, anvilPort, bountyPort] = [await freePort(), await freePort(), await freePort()];
    const npm = spawn("npm", ["start"], {
      cwd: path.resolve(import.meta.dirname, "..", ".."),
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: "production",
        NEXT_TELEMETRY_DISABLED: "1",
        ...(process.env.CAPSULE_NEXT_DIST_DIR ? { CAPSULE_NEXT_DIST_DIR: process.env.CAPSULE_NEXT_DIST_DIR } : {}),
        CAPSULE_DATA_DIR: dataDir,
        CAPSULE_PORT: String(port),
        CAPSULE_ANVIL_PORT: String(anvilPort),
        BOUNTY_PORT: String(bountyPort),
        CAPSULE_CONTRACTS_BUILD_CACHE: sharedContractsCache,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    npm.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    npm.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const npmExited = new Promise<void>((resolve) => npm.once("exit", () => resolve()));

    /** Waits for `done`; a timeout names what was awaited, what still runs and the end of the start's output. */
    const waitOrExplain = (done: () => boolean | Promise<boolean>, what: string, timeoutMs: number) =>
      waitFor(done, what, timeoutMs).catch((error: unknown) => {
        throw new Error(`${error instanceof Error ? error.message : String(error)}; left running: ${processesOfThisTest().join(", ") || "nothing"}\n${output.slice(-2000)}`);
      });

    await waitOrExplain(() => output.includes("[capsule] ready"), "npm start to be ready", 100_000);
    expect(await portAnswers(port)).toBe(true);
    expect(processesOfThisTest().length, "the server and its anvil run").toBeGreaterThanOrEqual(2);

    npm.kill("SIGTERM");
    await npmExited;
    await waitOrExplain(() => output.includes("[capsule] stopped"), "the server to say it stopped", 30_000);
    await waitOrExplain(async () => !(await portAnswers(port)), "the port to be free", 10_000);
    await waitOrExplain(() => processesOfThisTest().length === 0, "no process of this data directory", 10_000);
  });
});
