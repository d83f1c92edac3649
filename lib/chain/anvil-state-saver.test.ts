import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { saveAnvilStatePeriodically } from "./anvil-state-saver";

// The saver against a dump that fails (anvil gone): one report for the whole run of failures, and after
// stop() no more dumps are asked for, whether or not a last save was wanted. A real anvil's saves are in
// test/operations/anvil-state-file.test.ts.

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "capsule-state-saver-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("saving anvil's state", () => {
  it("reports a run of failed saves once and asks for nothing after stop()", async () => {
    let dumps = 0;
    const errors: unknown[] = [];
    const saver = saveAnvilStatePeriodically({
      dump: () => {
        dumps++;
        return Promise.reject(new Error("connect ECONNREFUSED"));
      },
      file: path.join(dir, "anvil-state.json"),
      intervalMs: 10,
      onError: (error) => errors.push(error),
    });
    while (dumps < 5) await sleep(10);
    expect(errors).toHaveLength(1);
    await saver.stop({ lastSave: false });
    const asked = dumps;
    await sleep(80);
    expect(dumps).toBe(asked);
    expect(fs.existsSync(path.join(dir, "anvil-state.json"))).toBe(false);
  });

  it("gives up a last save anvil does not answer once its time is up, and says so", async () => {
    const errors: unknown[] = [];
    const saver = saveAnvilStatePeriodically({
      dump: () => new Promise<string>(() => undefined), // a hung anvil: the dump never answers
      file: path.join(dir, "hung-state.json"),
      intervalMs: 60_000,
      onError: (error) => errors.push(error),
    });
    await saver.stop({ lastSave: true, withinMs: 50 });
    expect(errors).toHaveLength(1);
    expect(String(errors[0])).toContain("anvil's state was not saved within 50 ms; the state file keeps the last snapshot saved");
    expect(fs.existsSync(path.join(dir, "hung-state.json"))).toBe(false);
  });
});
