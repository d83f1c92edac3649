import "server-only";
import { config } from "@/lib/config/config";
import type { RateLimitRule } from "./rate-limiter";

type BridgeRules = ReturnType<typeof rulesOf>;
let memo: { cfg: ReturnType<typeof config>; rules: BridgeRules } | undefined;

// The seed's limits table; every value configurable, the seed's numbers the defaults. Built once
// per configuration object: the route wrapper asks for it on every request.
export function bridgeRules(): BridgeRules {
  const cfg = config();
  if (memo?.cfg !== cfg) memo = { cfg, rules: rulesOf(cfg) };
  return memo.rules;
}

function rulesOf(cfg: ReturnType<typeof config>) {
  return {
    publicGet: { name: "bridge-get", limit: cfg.CAPSULE_RATE_PUBLIC_GET_PER_MIN, windowSeconds: 60 },
    write: { name: "bridge-write", limit: cfg.CAPSULE_RATE_WRITE_PER_MIN, windowSeconds: 60 },
    // Signed writes per client IP besides the per-session limit; default five sessions' worth.
    writePerIp: { name: "bridge-write-ip", limit: cfg.CAPSULE_RATE_WRITE_PER_IP_PER_MIN ?? 5 * cfg.CAPSULE_RATE_WRITE_PER_MIN, windowSeconds: 60 },
    // Failed authentications (any 401) per client IP; over it, signed routes answer 429 before verifying a token.
    authFailures: { name: "auth-failures", limit: cfg.CAPSULE_RATE_AUTH_FAILURES_PER_MIN, windowSeconds: 60 },
    submit: { name: "capsule-submit", limit: cfg.CAPSULE_RATE_SUBMIT_PER_HOUR, windowSeconds: 3600 },
    vote: { name: "capsule-vote", limit: cfg.CAPSULE_RATE_VOTE_PER_HOUR, windowSeconds: 3600 },
  } satisfies Record<string, RateLimitRule>;
}
