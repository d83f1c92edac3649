import "server-only";
import type { DbOrTrx } from "@/lib/db/database";
import { counterValue, deleteExpiredCounters, incrementCounter } from "@/lib/db/repositories/rate-limit-counters.repository";
import { AppError } from "@/lib/errors/app-error";
import { metrics } from "@/lib/metrics/metrics";

import { resultOf, windowOf, type RateLimitHit, type RateLimitResult, type RateLimitRule } from "./fixed-window";

export type { RateLimitHit, RateLimitResult, RateLimitRule } from "./fixed-window";

// Fixed-window counters in SQL, so several servers sharing a database share the limits.
export async function hitRateLimit(db: DbOrTrx, rule: RateLimitRule, key: string, now: number): Promise<RateLimitResult> {
  const { windowStart, resetAt } = windowOf(rule, now);
  const count = await incrementCounter(db, `${rule.name}:${key}`, windowStart, resetAt);
  return resultOf(rule, count, now);
}

/** The count of the current window without adding to it (0 when nothing was counted). */
export async function peekRateLimit(db: DbOrTrx, rule: RateLimitRule, key: string, now: number): Promise<number> {
  const { windowStart } = windowOf(rule, now);
  return counterValue(db, `${rule.name}:${key}`, windowStart);
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
  await deleteExpiredCounters(db, now);
}
