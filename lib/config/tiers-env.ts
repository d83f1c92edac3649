import { z } from "zod";

// Settings of distribution tiers and the WebSub hub (issue 29). Kept in their own fragment, spread
// into serverEnvSchema and envCatalog like the hardening and edge fragments.

const count = z.coerce.number().int().min(0).max(1_000_000);

export const tiersEnvShape = {
  /** Decided (accepted or rejected) capsules an outlet needs before it can be Elevated. */
  CAPSULE_TIER_MIN_SAMPLE_ELEVATED: count.default(20),
  /** Decided capsules an outlet needs before it can be Premium. */
  CAPSULE_TIER_MIN_SAMPLE_PREMIUM: count.default(50),
  /** 1 lets WebSub subscribers use loopback and private-network callbacks (tests, a closed network); 0 refuses them. */
  CAPSULE_WEBSUB_ALLOW_LOCAL_CALLBACKS: z.enum(["0", "1"]).default("0"),
  /** Delay before the first WebSub redelivery; each further attempt doubles it. */
  CAPSULE_WEBSUB_RETRY_BASE_MS: z.coerce.number().int().min(10).max(3_600_000).default(5000),
  /** Delivery attempts before a WebSub delivery is given up. */
  CAPSULE_WEBSUB_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(8),
};

export const tiersEnvCatalog = [
  { name: "CAPSULE_TIER_MIN_SAMPLE_ELEVATED", description: "decided capsules an outlet needs before it can be Elevated", secret: false },
  { name: "CAPSULE_TIER_MIN_SAMPLE_PREMIUM", description: "decided capsules an outlet needs before it can be Premium", secret: false },
  { name: "CAPSULE_WEBSUB_ALLOW_LOCAL_CALLBACKS", description: "1 lets WebSub callbacks point at loopback or private addresses (tests, closed networks)", secret: false },
  { name: "CAPSULE_WEBSUB_RETRY_BASE_MS", description: "first WebSub redelivery delay; doubled per attempt", secret: false },
  { name: "CAPSULE_WEBSUB_MAX_ATTEMPTS", description: "WebSub delivery attempts before giving up", secret: false },
] as const;
