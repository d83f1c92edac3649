import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { serverNodeFlags } from "../../scripts/server-node-flags";

// The server runs with the same V8 flags however it is started: npm start, and the test and bench stacks
// (test/support/stack.ts), so the benchmarks measure what runs in production.
describe("the start command", () => {
  it("passes the server's V8 flags (heap cap, semi-space size) to node", () => {
    const scripts = (JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, "..", "..", "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts;
    expect(serverNodeFlags.length).toBeGreaterThan(0);
    expect(scripts.start).toMatch(/^node /);
    for (const flag of serverNodeFlags) expect(scripts.start).toContain(flag);
    expect(scripts.start).toContain("scripts/start.ts");
  });
});
