import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { AnvilHandle } from "@/lib/chain/anvil-process";
import { startTestAnvil } from "@/test/support/anvil";
import { waitFor } from "@/test/support/wait-for";

// The bundled anvil's state file is written by the server, whole, by rename: anvil's own writes
// truncate the file in place, and a kill -9 or power cut in the middle left a chain that could not be
// loaded. Here a real anvil mines blocks while its state is saved every 100 ms.

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "capsule-anvil-state-"));
const stateFile = path.join(dir, "anvil-state.json");
const running: AnvilHandle[] = [];

afterAll(async () => {
  for (const anvil of running) await anvil.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function rpc(url: string, method: string, params: unknown[] = []): Promise<unknown> {
  const response = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }) });
  return ((await response.json()) as { result: unknown }).result;
}

const savedHead = (): number | undefined => {
  try {
    const best = (JSON.parse(fs.readFileSync(stateFile, "utf8")) as { best_block_number?: number | string }).best_block_number;
    return best === undefined ? undefined : Number(BigInt(best));
  } catch {
    return undefined;
  }
};

describe("the bundled anvil's state file", () => {
  it("is replaced whole (a new file renamed over the old, never rewritten in place), and follows the chain", async () => {
    const anvil = await startTestAnvil({ stateFile, stateSaveIntervalMs: 100 });
    running.push(anvil);
    await rpc(anvil.rpcUrl, "anvil_mine", ["0x5"]);
    await waitFor(() => savedHead() === 5, "the state file to hold block 5", 10_000);
    // the snapshot of block 5, held open: a rename leaves it as it is, a write in place would change it
    const held = fs.openSync(stateFile, "r");
    // while blocks come, every read of the file is a whole snapshot
    for (let i = 0; i < 20; i++) {
      await rpc(anvil.rpcUrl, "anvil_mine", ["0x1"]);
      await new Promise((r) => setTimeout(r, 30));
      expect(savedHead(), "a whole, parseable snapshot").toBeDefined();
    }
    await waitFor(() => savedHead() === 25, "the state file to hold block 25", 10_000);
    // anvil's own --state writes truncate and rewrite the same file; saves by rename leave the old one whole
    expect(fs.fstatSync(held).ino).not.toBe(fs.statSync(stateFile).ino);
    const heldSnapshot = JSON.parse(fs.readFileSync(held, "utf8")) as { best_block_number: number | string };
    fs.closeSync(held);
    expect(Number(BigInt(heldSnapshot.best_block_number))).toBe(5);
    expect(fs.readdirSync(dir).filter((name) => name.endsWith(".tmp"))).toEqual([]);
  });

  it("saves the last blocks when anvil stops, and a new anvil starts from them", async () => {
    const anvil = running.pop()!;
    await rpc(anvil.rpcUrl, "anvil_mine", ["0x3"]);
    await anvil.stop(); // the last save comes before the signal, however soon after the blocks
    expect(savedHead()).toBe(28);
    const restarted = await startTestAnvil({ stateFile, stateSaveIntervalMs: 100 });
    running.push(restarted);
    expect(Number(BigInt(String(await rpc(restarted.rpcUrl, "eth_blockNumber"))))).toBe(28);
  });
});
