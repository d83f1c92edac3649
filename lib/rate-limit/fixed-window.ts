export type RateLimitRule = { name: string; limit: number; windowSeconds: number };
export type RateLimitResult = { allowed: boolean; limit: number; remaining: number; resetAt: number; retryAfter: number };
export type RateLimitHit = (rule: RateLimitRule, key: string, now: number) => Promise<RateLimitResult>;

/** The window `now` falls in: its start and the second it resets. */
export function windowOf(rule: RateLimitRule, now: number): { windowStart: number; resetAt: number } {
  const windowStart = Math.floor(now / rule.windowSeconds) * rule.windowSeconds;
  return { windowStart, resetAt: windowStart + rule.windowSeconds };
}

/** The answer for the `count`-th request of the window. */
export function resultOf(rule: RateLimitRule, count: number, now: number): RateLimitResult {
  const { resetAt } = windowOf(rule, now);
  return { allowed: count <= rule.limit, limit: rule.limit, remaining: Math.max(0, rule.limit - count), resetAt, retryAfter: Math.max(1, resetAt - now) };
}

type Bucket = { windowStart: number; resetAt: number; count: number };

/**
 * Fixed-window counters in this process, same arithmetic as the SQL counters. For one server
 * (nothing to share) or tests; several servers count in SQL. Expired buckets are swept once a minute.
 */
export function memoryCounter(buckets: Map<string, Bucket> = new Map()): RateLimitHit {
  let lastSweep = 0;
  return async (rule, key, now) => {
    const { windowStart, resetAt } = windowOf(rule, now);
    if (now - lastSweep >= 60) {
      lastSweep = now;
      for (const [name, bucket] of buckets) if (bucket.resetAt <= now) buckets.delete(name);
    }
    const name = `${rule.name}:${key}`;
    const bucket = buckets.get(name);
    const count = bucket && bucket.windowStart === windowStart ? bucket.count + 1 : 1;
    buckets.set(name, { windowStart, resetAt, count });
    return resultOf(rule, count, now);
  };
}
