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

/**
 * The path a request target names once its `.` and `..` segments are resolved (`%2e` counts as a dot, as
 * in the URL standard), without its query. Next.js routes that path, not the one sent: `/embed/../outlets`
 * and `/api/%2e%2e/outlets` render the outlets page, so a policy chosen by the path as sent left it out.
 * Browsers resolve these segments before sending; proxies, caches and scripts need not.
 */
export function routedPath(target: string): string {
  const raw = (/^[a-z][a-z0-9+.-]*:\/\//i.test(target) ? target.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, "") : target).split(/[?#]/)[0] || "/";
  try {
    // appended to an origin, not resolved against one: `//api/x` is a path here, not a host
    return new URL(`http://path.invalid${raw.startsWith("/") ? raw : `/${raw}`}`).pathname;
  } catch {
    return raw;
  }
}

export const isReaderArticlePath = (path: string): boolean => routedPath(path).startsWith("/read/");

/**
 * Paths whose answers are not pages: the API (JSON, the badge), the build's static files, and the embed,
 * which sends its own policy — `/embed/:id` itself, one segment, not a deeper path (Next.js answers that with
 * the site's 404 page, which takes the page policy and `frame-ancestors 'none'` like every other page). A
 * missing file under `/islands/` is that 404 page too, so the islands' script takes the page policy as well
 * (a policy on a script is ignored by browsers). Judged on the routed path (routedPath), never a truncated one.
 */
export function takesPagePolicy(target: string): boolean {
  const path = routedPath(target);
  return !(path.startsWith("/api/") || path === "/api" || /^\/embed\/[^/]+$/.test(path) || path.startsWith("/_next/static/"));
}
