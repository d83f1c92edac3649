import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startStack, type Stack } from "@/test/support/stack";
import { processesUsing } from "@/test/support/processes";

// A second `npm start` on a data directory a running server uses (a second terminal, a process manager
// starting another instance) used to start a second anvil from the same state file (a second chain)
// and a second leader over the same SQLite projection. It is refused, naming the server that holds the
// directory; a directory whose server stopped, cleanly or by kill -9, is free again.

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "capsule-data-dir-lock-"));
const running: Stack[] = [];

afterAll(async () => {
  for (const stack of running) await stack.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function start(): Promise<Stack> {
  const stack = await startStack({ database: "sqlite", dataDir });
  running.push(stack);
  return stack;
}

const refusal = () =>
  startStack({ database: "sqlite", dataDir }).then(
    async (stack) => {
      await stack.stop();
      throw new Error("a second server started on the same data directory");
    },
    (error: unknown) => (error instanceof Error ? error.message : String(error)),
  );

describe("one server per data directory (bundled anvil, SQLite)", () => {
  it("refuses a second server while the first runs, and the first goes on answering", async () => {
    const first = await start();
    const port = new URL(first.baseUrl).port;
    const message = await refusal();
    expect(message).toMatch(/exited with code 1/);
    expect(message).toContain(`[capsule] start failed: another Capsule server is using the data directory ${dataDir}`);
    expect(message).toContain(`web port ${port}`);
    expect(message).toContain("give this server its own CAPSULE_DATA_DIR");
    // refused before it started anything of its own: no anvil on the shared state file
    expect(message).not.toContain("starting anvil");
    expect((await fetch(`${first.baseUrl}/api/health`)).status).toBe(200);
    await first.stop();
    running.length = 0;
  });

  it("starts on the directory once its server stopped, and after a kill -9 of the whole tree", async () => {
    const again = await start();
    expect((await fetch(`${again.baseUrl}/api/health`)).status).toBe(200);
    again.signal("SIGKILL");
    await again.exited;
    // the server is gone; what is left on the directory is its anvil, which a kill -9 of the tree ends too
    const anvils = processesUsing(dataDir);
    expect(anvils.length, "the bundled anvil runs on this directory's state file").toBe(1);
    for (const pid of anvils) process.kill(pid, "SIGKILL");
    running.length = 0;
    const afterCrash = await start();
    expect((await fetch(`${afterCrash.baseUrl}/api/health`)).status).toBe(200);
  });
});
