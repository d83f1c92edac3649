/**
 * The reader's side is for search engines: the front page, articles, author pages and the court record. The desk, the
 * API, the gateways and partner embeds are not pages to list (they stay reachable; this only asks crawlers to keep out).
 */
export const CRAWL_DISALLOWED = [
  "/api/",
  "/rpc",
  "/ws",
  "/websub",
  "/embed/",
  "/metrics",
  "/capsules/",
  "/newsroom",
  "/inbox",
  "/operator",
  "/bonds",
  "/burn",
  "/rights",
  "/bounties",
  "/network",
  "/docs/",
] as const;
