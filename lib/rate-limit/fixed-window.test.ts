import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "@/lib/db/connection";
import { migrateToLatest } from "@/lib/db/migrate";
import { memoryCounter } from "./fixed-window";
import { hitRateLimit } from "./rate-limiter";

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = openDatabase({ sqliteFile: ":memory:" });
  await migrateToLatest(handle.db);
});
afterAll(() => handle.close());

const rule = { name: "same", limit: 2, windowSeconds: 10 };

describe("one fixed-window arithmetic", () => {
  it("the memory counter and the SQL counter answer the same sequence identically", async () => {
    const memory = memoryCounter();
    // two keys, across a window boundary (1_800_000_000 is a multiple of 10) and past the sweep
    const hits: Array<[string, number]> = [["a", 1_800_000_001], ["a", 1_800_000_005], ["a", 1_800_000_009], ["b", 1_800_000_009], ["a", 1_800_000_010], ["a", 1_800_000_090], ["a", 1_800_000_091], ["a", 1_800_000_092]];
    const fromMemory = [];
    const fromSql = [];
    for (const [key, now] of hits) {
      fromMemory.push(await memory(rule, key, now));
      fromSql.push(await hitRateLimit(handle.db, rule, key, now));
    }
    expect(fromMemory).toEqual(fromSql);
    expect(fromMemory.map((r) => r.allowed)).toEqual([true, true, false, true, true, true, true, false]);
    expect(fromMemory[2]).toMatchObject({ remaining: 0, resetAt: 1_800_000_010, retryAfter: 1 });
  });
});
