import "server-only";
import { sql } from "kysely";
import type { DbOrTrx } from "@/lib/db/database";
import { AppError } from "@/lib/errors/app-error";
import { metrics } from "@/lib/metrics/metrics";

import { resultOf, windowOf, type RateLimitHit, type RateLimitResult, type RateLimitRule } from "./fixed-window";

export type { RateLimitHit, RateLimitResult, RateLimitRule } from "./fixed-window";

// Fixed-window counters in SQL, so several servers sharing a database share the limits.
export async function hitRateLimit(db: DbOrTrx, rule: RateLimitRule, key: string, now: number): Promise<RateLimitResult> {
  const { windowStart, resetAt } = windowOf(rule, now);
  const row = await db
    .insertInto("rate_limit_counters")
    .values({ bucket: `${rule.name}:${key}`, window_start: windowStart, count: 1, expires_at: resetAt })
    .onConflict((oc) => oc.columns(["bucket", "window_start"]).doUpdateSet({ count: sql`rate_limit_counters.count + 1` }))
    .returning("count")
    .executeTakeFirstOrThrow();
  return resultOf(rule, Number(row.count), now);
}

/** The count of the current window without adding to it (0 when nothing was counted). */
export async function peekRateLimit(db: DbOrTrx, rule: RateLimitRule, key: string, now: number): Promise<number> {
  const { windowStart } = windowOf(rule, now);
  const row = await db
    .selectFrom("rate_limit_counters")
    .select("count")
    .where("bucket", "=", `${rule.name}:${key}`)
    .where("window_start", "=", windowStart)
    .executeTakeFirst();
  return row ? Number(row.count) : 0;
}

export function rateLimitHeaders(result: RateLimitResult): Record<string, string> {
  const headers: Record<string, string> = {
    "RateLimit-Limit": String(result.limit),
    "RateLimit-Remaining": String(result.remaining),
    "RateLimit-Reset": String(result.retryAfter),
  };
  if (!result.allowed) headers["Retry-After"] = String(result.retryAfter);
  return headers;
}

export async function enforceRateLimit(db: DbOrTrx | RateLimitHit, rule: RateLimitRule, key: string, now: number): Promise<RateLimitResult> {
  const result = typeof db === "function" ? await db(rule, key, now) : await hitRateLimit(db, rule, key, now);
  if (!result.allowed) {
    metrics().rateLimited.inc({ rule: rule.name });
    throw new AppError("RATE_LIMITED", `Rate limit exceeded: ${rule.limit} requests per ${rule.windowSeconds} s (${rule.name})`, {
      headers: rateLimitHeaders(result),
      details: { retryAfter: result.retryAfter },
    });
  }
  return result;
}

export async function purgeExpiredCounters(db: DbOrTrx, now: number): Promise<void> {
  await db.deleteFrom("rate_limit_counters").where("expires_at", "<", now).execute();
}
