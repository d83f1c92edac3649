import "server-only";
import { config } from "@/lib/config/config";
import type { RateLimitRule } from "./rate-limiter";

// The seed's limits table; every value configurable, the seed's numbers the defaults.
export function bridgeRules() {
  const cfg = config();
  return {
    publicGet: { name: "bridge-get", limit: cfg.CAPSULE_RATE_PUBLIC_GET_PER_MIN, windowSeconds: 60 },
    write: { name: "bridge-write", limit: cfg.CAPSULE_RATE_WRITE_PER_MIN, windowSeconds: 60 },
    submit: { name: "capsule-submit", limit: cfg.CAPSULE_RATE_SUBMIT_PER_HOUR, windowSeconds: 3600 },
    vote: { name: "capsule-vote", limit: cfg.CAPSULE_RATE_VOTE_PER_HOUR, windowSeconds: 3600 },
  } satisfies Record<string, RateLimitRule>;
}
