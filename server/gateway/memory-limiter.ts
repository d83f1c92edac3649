import type { RateLimitResult, RateLimitRule } from "@/lib/rate-limit/rate-limiter";
import type { RateLimiter } from "./options";

// Fixed-window counters in process memory, with the same arithmetic as the SQL limiter
// (lib/rate-limit/rate-limiter.ts). For a single server or for tests; several servers must
// share the SQL limiter instead.
export function createMemoryLimiter(): RateLimiter {
  const buckets = new Map<string, { windowStart: number; resetAt: number; count: number }>();
  let lastSweep = 0;

  return async (rule: RateLimitRule, key: string, now: number): Promise<RateLimitResult> => {
    const windowStart = Math.floor(now / rule.windowSeconds) * rule.windowSeconds;
    const resetAt = windowStart + rule.windowSeconds;
    if (now - lastSweep >= 60) {
      lastSweep = now;
      for (const [name, bucket] of buckets) if (bucket.resetAt <= now) buckets.delete(name);
    }
    const name = `${rule.name}:${key}`;
    const bucket = buckets.get(name);
    const count = bucket && bucket.windowStart === windowStart ? bucket.count + 1 : 1;
    buckets.set(name, { windowStart, resetAt, count });
    return {
      allowed: count <= rule.limit,
      limit: rule.limit,
      remaining: Math.max(0, rule.limit - count),
      resetAt,
      retryAfter: Math.max(1, resetAt - now),
    };
  };
}
