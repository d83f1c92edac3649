import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SERVER_MALLOC_ARENA_MAX, SERVER_NODE_FLAGS } from "@/server/memory-settings";
import { startStack, type Stack } from "@/test/support/stack";

// A started production server: its memory settings (server/memory-settings.ts; what `npm start` sets
// before the process starts must match what the test stacks set) and the addresses its start log names.

describe("npm start's memory settings", () => {
  it("the start script sets the malloc arenas and the Node flags the test stacks use", () => {
    const start = (JSON.parse(fs.readFileSync("package.json", "utf8")) as { scripts: Record<string, string> }).scripts.start;
    expect(start).toContain(`MALLOC_ARENA_MAX=\${MALLOC_ARENA_MAX:-${SERVER_MALLOC_ARENA_MAX}}`);
    for (const flag of SERVER_NODE_FLAGS) expect(start).toContain(` ${flag} `);
  });
});

describe("a started production server", () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startStack({ database: "sqlite" });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it("runs with the arenas and flags, says so, and leaves the build's source maps unloaded", () => {
    const pid = stack.pid;
    if (pid === undefined) throw new Error("the stack has no pid");
    const environ = fs.readFileSync(`/proc/${pid}/environ`, "utf8").split("\0");
    expect(environ).toContain(`MALLOC_ARENA_MAX=${SERVER_MALLOC_ARENA_MAX}`);
    const argv = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
    for (const flag of SERVER_NODE_FLAGS) expect(argv).toContain(flag);
    expect(stack.output()).toContain(
      `[capsule] memory: V8 collects when its heap has grown 30 % past the live data; malloc arenas ≤ ${SERVER_MALLOC_ARENA_MAX}; the build's source maps not loaded (CAPSULE_SOURCE_MAPS=1 loads them)`,
    );
  });

  it("names the bounty service's address and paths readably (not masked as a provider key)", () => {
    expect(stack.output()).toContain(`[capsule]   bounty API  ${stack.bountyUrl}  (GET /v1/bounty-proposals, /v1/bounty-evaluations)`);
  });
});
