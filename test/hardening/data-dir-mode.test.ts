import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startStack, type Stack } from "@/test/support/stack";

// The data directory holds the SQLite database (private drafts, sessions), the chain's state and the vault. `npm start`
// made it with the process's umask (0755 as a rule), so every user of the machine could read the drafts in it.

describe("the data directory npm start makes", () => {
  const roots: string[] = [];
  let stack: Stack | undefined;

  afterAll(async () => {
    await stack?.stop();
    for (const root of roots) fs.rmSync(root, { recursive: true, force: true });
  });

  it("is made readable by its user only, with the directories above it that it makes", async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "capsule-data-mode-"));
    roots.push(root);
    fs.chmodSync(root, 0o755);
    const dataDir = path.join(root, "site", "data");
    stack = await startStack({ database: "sqlite", dataDir });
    expect(fs.statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(fs.statSync(path.dirname(dataDir)).mode & 0o777).toBe(0o700);
    expect(stack.output()).not.toContain("warning: data directory");
    await stack.stop();
    stack = undefined;

    // one that others may read is used as it is, and the start says how to close it
    fs.chmodSync(dataDir, 0o755);
    stack = await startStack({ database: "sqlite", dataDir });
    expect(fs.statSync(dataDir).mode & 0o777).toBe(0o755);
    expect(stack.output()).toContain(`[capsule] warning: data directory ${dataDir} has mode 755: other users of this machine may read its database, private drafts included; run \`chmod 700 ${dataDir}\``);
  });
});
