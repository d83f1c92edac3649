import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startStack } from "@/test/support/stack";

// A state file cut short (anvil used to write it in place; a crash in the middle left half a file)
// stops the start. The last line says which file, that it is damaged, and what to do, rather than
// only anvil's "failed to parse json file".

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "capsule-damaged-state-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe("a damaged chain state file", () => {
  it("stops the start with the file named and the way out", async () => {
    const stack = await startStack({ database: "sqlite", dataDir });
    await stack.stop();
    const stateFile = path.join(dataDir, "anvil-state.json");
    const whole = fs.readFileSync(stateFile, "utf8");
    fs.writeFileSync(stateFile, whole.slice(0, Math.floor(whole.length / 2)));
    const message = await startStack({ database: "sqlite", dataDir }).then(
      async (started) => {
        await started.stop();
        throw new Error("the stack started on half a state file");
      },
      (error: unknown) => (error instanceof Error ? error.message : String(error)),
    );
    expect(message).toContain(`[capsule] start failed: the chain's state file ${stateFile} is damaged and anvil cannot load it`);
    expect(message).toContain("npm run restore");
    expect(message).toContain("move the file away to start a new, empty chain");
  });
});
