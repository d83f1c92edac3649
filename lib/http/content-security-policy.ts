import { randomBytes } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";

// The Content-Security-Policy of every page (issue 25, item 8). The server (server/web-server.ts)
// draws a fresh nonce per page request, sends the policy, and hands the same policy to Next.js as a
// request header, from which Next.js reads the nonce for its own scripts (App Router and Pages
// Router alike). Scripts run only with that nonce ('strict-dynamic' lets the framework's loader add
// its chunks); inline event handlers never run; no page may be framed except /embed/:id, which
// sends a policy of its own (app/embed/[id]/route.ts).

export const CSP_HEADER = "content-security-policy";

/** 128 random bits, base64: unguessable and new for every page. */
export function newNonce(): string {
  return randomBytes(16).toString("base64");
}

/**
 * `reader`: /read/:id, whose finalization check asks a JSON-RPC node the reader names (any http(s)
 * origin); every other page talks to this server only.
 */
export function pagePolicy(nonce: string, options: { dev: boolean; reader?: boolean }): string {
  return [
    "default-src 'self'",
    // 'self' and https: are ignored by browsers that know 'strict-dynamic' (all current ones); older ones need them
    `script-src 'nonce-${nonce}' 'strict-dynamic' 'self'${options.dev ? " 'unsafe-eval'" : ""}`,
    "script-src-attr 'none'",
    // style attributes (React's style={…}) cannot carry a nonce
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    options.reader ? "connect-src 'self' http: https:" : "connect-src 'self'",
    "worker-src 'self' blob:",
    "frame-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** The nonce of the policy the server set on this page request (read by pages that write script tags themselves). */
export function nonceOf(headers: IncomingHttpHeaders | Headers): string | undefined {
  const value = headers instanceof Headers ? headers.get(CSP_HEADER) : headers[CSP_HEADER];
  const policy = Array.isArray(value) ? value[0] : value;
  return policy ? /'nonce-([A-Za-z0-9+/=]+)'/.exec(policy)?.[1] : undefined;
}

export const isReaderArticlePath = (path: string): boolean => path.startsWith("/read/");

/** Paths whose answers are not pages: the API (JSON, the badge), the gateway, metrics, and the embed's own policy. */
export function takesPagePolicy(path: string): boolean {
  return !(path.startsWith("/api/") || path === "/api" || path.startsWith("/embed/") || path.startsWith("/_next/static/") || path.startsWith("/islands/"));
}
