import "server-only";
import { headers } from "next/headers";
import { linkOriginFromHeaders } from "@/lib/http/public-origin";

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

/** The configured public origin for this request's links, or undefined on a server that has none (then no links). */
export async function requestLinkOrigin(): Promise<string | undefined> {
  const head = await headers();
  return linkOriginFromHeaders((name) => head.get(name), { proto: "http", host: head.get("host") ?? "localhost" });
}
