import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "@/lib/db/connection";
import { migrateToLatest } from "@/lib/db/migrate";
import { AppError } from "@/lib/errors/app-error";
import { enforceRateLimit, hitRateLimit, purgeExpiredCounters, rateLimitHeaders } from "./rate-limiter";

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = openDatabase({ sqliteFile: ":memory:" });
  await migrateToLatest(handle.db);
});
afterAll(() => handle.close());

const rule = { name: "test", limit: 3, windowSeconds: 60 };

describe("SQL rate limiter", () => {
  it("allows up to the limit in a window and refuses the next with Retry-After", async () => {
    const now = 1_800_000_010;
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await hitRateLimit(handle.db, rule, "1.2.3.4", now));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results.map((r) => r.remaining)).toEqual([2, 1, 0, 0]);
    const headers = rateLimitHeaders(results[3]!);
    expect(headers["Retry-After"]).toBe("50");
    expect(headers["RateLimit-Limit"]).toBe("3");
    expect(headers["RateLimit-Remaining"]).toBe("0");
  });

  it("keeps keys apart and starts a new window after the old one", async () => {
    const now = 1_800_000_010;
    expect((await hitRateLimit(handle.db, rule, "5.6.7.8", now)).allowed).toBe(true);
    expect((await hitRateLimit(handle.db, rule, "1.2.3.4", now + 60)).remaining).toBe(2);
  });

  it("throws RATE_LIMITED (429) with headers from enforceRateLimit", async () => {
    const now = 1_800_000_200;
    for (let i = 0; i < 3; i++) await enforceRateLimit(handle.db, rule, "9.9.9.9", now);
    const error = await enforceRateLimit(handle.db, rule, "9.9.9.9", now).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).statusCode).toBe(429);
    expect((error as AppError).headers?.["Retry-After"]).toBe("40");
  });

  it("purges counters of windows that have ended", async () => {
    await purgeExpiredCounters(handle.db, 1_900_000_000);
    const left = await handle.db.selectFrom("rate_limit_counters").selectAll().execute();
    expect(left).toHaveLength(0);
  });
});
