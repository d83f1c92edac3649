import "server-only";
import { config } from "@/lib/config/config";
import type { RequestHead } from "./request-head";

type HeaderOf = (name: string) => string | null | undefined;

/**
 * The origin clients use: CAPSULE_PUBLIC_URL when set, else the Host the request came to (behind a
 * trusted proxy, its forwarded host and protocol); `fallback` when the request names neither.
 */
export function originFromHeaders(header: HeaderOf, fallback: { proto: string; host: string }): string {
  const cfg = config();
  if (cfg.CAPSULE_PUBLIC_URL) return cfg.CAPSULE_PUBLIC_URL.replace(/\/$/, "");
  const forwarded = (name: string) => (cfg.CAPSULE_TRUST_PROXY ? header(name)?.split(",")[0]?.trim() || undefined : undefined);
  const host = forwarded("x-forwarded-host") ?? header("host") ?? fallback.host;
  return `${forwarded("x-forwarded-proto") ?? fallback.proto}://${host}`;
}

/** The origin clients use, for a route handler's request. */
export function publicOrigin(request: RequestHead): string {
  const url = new URL(request.url);
  return originFromHeaders((name) => request.headers.get(name), { proto: url.protocol.replace(":", ""), host: url.host });
}
