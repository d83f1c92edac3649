import type { RateLimitResult, RateLimitRule } from "./rate-limiter";

type Bucket = { windowStart: number; resetAt: number; count: number };
const shared = globalThis as unknown as { capsuleRateBuckets?: Map<string, Bucket>; capsuleRateSweep?: number };

/**
 * Fixed-window counters in this process, same arithmetic as the SQL counters. Used for the
 * per-request limits when the database is the embedded SQLite (one server, nothing to share),
 * so a public GET does not cost a write transaction; PostgreSQL deployments count in SQL.
 */
export async function hitMemoryRateLimit(rule: RateLimitRule, key: string, now: number): Promise<RateLimitResult> {
  const buckets = (shared.capsuleRateBuckets ??= new Map());
  const windowStart = Math.floor(now / rule.windowSeconds) * rule.windowSeconds;
  const resetAt = windowStart + rule.windowSeconds;
  if (now - (shared.capsuleRateSweep ?? 0) >= 60) {
    shared.capsuleRateSweep = now;
    for (const [name, bucket] of buckets) if (bucket.resetAt <= now) buckets.delete(name);
  }
  const name = `${rule.name}:${key}`;
  const bucket = buckets.get(name);
  const count = bucket && bucket.windowStart === windowStart ? bucket.count + 1 : 1;
  buckets.set(name, { windowStart, resetAt, count });
  return { allowed: count <= rule.limit, limit: rule.limit, remaining: Math.max(0, rule.limit - count), resetAt, retryAfter: Math.max(1, resetAt - now) };
}
