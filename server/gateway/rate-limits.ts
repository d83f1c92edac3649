import { metrics } from "@/lib/metrics/metrics";
import type { RateLimitResult, RateLimitRule } from "@/lib/rate-limit/fixed-window";
import { RpcCode, RpcError } from "./json-rpc";
import type { GatewayLimits, RateLimiter } from "./options";

// The seed's chain-access limits, applied per client IP. Every request of a batch counts.
export type Scope = "public" | "service";

type Charge = { rule: RateLimitRule; count: number; label: string };

export type LimitVerdict = { allowed: true } | { allowed: false; error: RpcError; retryAfter: number; result: RateLimitResult };

export function chargesFor(scope: Scope, methods: string[], limits: GatewayLimits): Charge[] {
  const charges: Charge[] =
    scope === "public"
      ? [{ rule: { name: "rpc", limit: limits.perIpPerMinute, windowSeconds: 60 }, count: methods.length, label: "requests" }]
      : [{ rule: { name: "rpc-service", limit: limits.serviceRpcPerIpPerMinute, windowSeconds: 60 }, count: methods.length, label: "service RPC requests" }];
  const sends = methods.filter((m) => m === "eth_sendRawTransaction").length;
  if (sends > 0) {
    charges.push({ rule: { name: "rpc-send", limit: limits.sendRawPerIpPerMinute, windowSeconds: 60 }, count: sends, label: "eth_sendRawTransaction requests" });
  }
  return charges;
}

/** Counts the charges against the limiter; the first exceeded rule becomes a -32005 error. */
export async function applyLimits(limiter: RateLimiter, charges: Charge[], network: string, now: number): Promise<LimitVerdict> {
  for (const charge of charges) {
    const results = await Promise.all(Array.from({ length: charge.count }, () => limiter(charge.rule, network, now)));
    const worst = results.find((r) => !r.allowed);
    if (worst) {
      metrics().rateLimited.inc({ rule: charge.rule.name });
      const message = `rate limit exceeded: ${charge.rule.limit} ${charge.label} per minute`;
      return {
        allowed: false,
        error: new RpcError(RpcCode.LIMIT_EXCEEDED, message, { limit: charge.rule.limit, retryAfter: worst.retryAfter }),
        retryAfter: worst.retryAfter,
        result: worst,
      };
    }
  }
  return { allowed: true };
}
