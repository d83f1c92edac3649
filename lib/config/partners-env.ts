import { z } from "zod";

// Settings of partner streams, ads and licence escrow (issue 29 items 3–5), in their own fragment like
// hardening-env.ts, spread into serverEnvSchema and envCatalog.

const ms = z.coerce.number().int().min(1);
const bps = z.coerce.number().int().min(0).max(10_000);

export const partnersEnvShape = {
  /** How often the leader's partner webhook dispatcher looks for events and due deliveries. */
  CAPSULE_WEBHOOK_POLL_MS: ms.default(500),
  /** How long one webhook attempt may take before it counts as failed. */
  CAPSULE_WEBHOOK_TIMEOUT_MS: ms.default(10_000),
  /** Webhook requests in flight at once. */
  CAPSULE_WEBHOOK_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  /** Attempts per delivery before it is marked failed. */
  CAPSULE_WEBHOOK_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(12),
  /** First retry delay; each later one doubles, up to CAPSULE_WEBHOOK_RETRY_MAX_MS. */
  CAPSULE_WEBHOOK_RETRY_BASE_MS: ms.default(1_000),
  CAPSULE_WEBHOOK_RETRY_MAX_MS: ms.default(3_600_000),
  /** Partner webhooks that may be registered at once (each makes this server send requests). */
  CAPSULE_WEBHOOK_MAX: z.coerce.number().int().min(1).max(10_000).default(50),
  /** Live WebSub subscriptions (active, or pending for at most 300 s) whose callbacks are on one host name, any port; a new one past it is refused. */
  CAPSULE_WEBSUB_MAX_PER_HOST: z.coerce.number().int().min(1).max(1_000_000).default(50),
  /** Live WebSub subscriptions on this hub in all; a new one past it is refused. */
  CAPSULE_WEBSUB_MAX_TOTAL: z.coerce.number().int().min(1).max(10_000_000).default(10_000),
  /** Plain http:// webhook URLs outside loopback (0: https only, loopback http for development). */
  CAPSULE_WEBHOOK_ALLOW_HTTP: z.enum(["0", "1"]).default("0"),
  /** Webhook URLs whose names resolve to private addresses (0: public addresses only, or loopback when registered on loopback). */
  CAPSULE_WEBHOOK_ALLOW_LOCAL_ADDRESSES: z.enum(["0", "1"]).default("0"),
  /** The outlet's part of ad revenue (basis points); the rest goes to the article's contributors by shareBps. */
  CAPSULE_AD_OUTLET_SHARE_BPS: bps.default(5_000),
  /** Readers of one site (an IPv6 /48; an IPv4 address is its own) a campaign is charged for per UTC day. */
  CAPSULE_AD_SITE_READERS_PER_DAY: z.coerce.number().int().min(1).max(1_000_000).default(64),
  /** The listing payee's part of a licence payment (basis points); the rest goes to the contributors by shareBps. */
  CAPSULE_LICENCE_PAYEE_SHARE_BPS: bps.default(5_000),
};

export const partnersEnvCatalog = [
  { name: "CAPSULE_WEBHOOK_POLL_MS", description: "how often the leader's partner webhook dispatcher looks for new events and due deliveries", secret: false },
  { name: "CAPSULE_WEBHOOK_TIMEOUT_MS", description: "time one partner webhook attempt may take", secret: false },
  { name: "CAPSULE_WEBHOOK_CONCURRENCY", description: "partner webhook requests in flight at once", secret: false },
  { name: "CAPSULE_WEBHOOK_MAX_ATTEMPTS", description: "attempts per partner webhook delivery before it is marked failed", secret: false },
  { name: "CAPSULE_WEBHOOK_RETRY_BASE_MS", description: "first retry delay of a partner webhook delivery (doubles per attempt)", secret: false },
  { name: "CAPSULE_WEBHOOK_RETRY_MAX_MS", description: "longest retry delay of a partner webhook delivery", secret: false },
  { name: "CAPSULE_WEBHOOK_MAX", description: "partner webhooks that may be registered at once", secret: false },
  { name: "CAPSULE_WEBSUB_MAX_PER_HOST", description: "live WebSub subscriptions whose callbacks are on one host name (any port); a new one past it is refused", secret: false },
  { name: "CAPSULE_WEBSUB_MAX_TOTAL", description: "live WebSub subscriptions on the hub in all; a new one past it is refused", secret: false },
  { name: "CAPSULE_WEBHOOK_ALLOW_HTTP", description: "1 accepts plain http:// partner webhook URLs outside loopback", secret: false },
  { name: "CAPSULE_WEBHOOK_ALLOW_LOCAL_ADDRESSES", description: "1 lets partner webhook URLs point at private or reserved addresses (closed networks); otherwise only public addresses, or loopback for a URL registered on loopback", secret: false },
  { name: "CAPSULE_AD_OUTLET_SHARE_BPS", description: "the outlet's part of ad revenue in basis points; the rest goes to the article's contributors", secret: false },
  { name: "CAPSULE_AD_SITE_READERS_PER_DAY", description: "readers of one IPv6 /48 a campaign is charged for per UTC day; past it they still see the ad, uncharged (an IPv4 address is one reader)", secret: false },
  { name: "CAPSULE_LICENCE_PAYEE_SHARE_BPS", description: "the listing payee's part of a licence payment in basis points; the rest goes to the contributors", secret: false },
] as const;
