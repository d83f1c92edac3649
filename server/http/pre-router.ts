import "server-only";
import type { IncomingMessage, ServerResponse } from "node:http";
import { allowOf, matchRoute, routeTable } from "@/lib/endpoints/route-table";
import { endpoints } from "@/features/registry";
import { AppError } from "@/lib/errors/app-error";
import { errorBody } from "@/lib/errors/error-body";
import { CLIENT_IP_HEADER } from "@/lib/http/client-ip";
import { countUnknownPath } from "@/lib/http/unknown-route";

// Requests Next.js cannot route sensibly, answered by the process entry before it hands them on
// (web-server.ts calls answerBeforeNext once per request): a path whose percent-encoding
// does not decode, an /api path with a trailing or repeated slash (Next would redirect it), methods
// the router has no handler slot for (TRACE, CONNECT, PROPFIND…), and outside /api a method the
// path does not serve (a write or an unknown method anywhere but the WebSub hub), and OPTIONS there (204 with Allow).
// Each refusal is the seed's error body; every answer counts toward the client IP's public GET limit.

const ROUTABLE = new Set(["GET", "HEAD", "OPTIONS", "POST", "PUT", "PATCH", "DELETE"]);
const table = routeTable(endpoints);

function decodes(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * For an /api path that is not in its one form — a trailing slash, a repeated one, a `.` or `..` segment
 * (`%2e` included): `/api/capsules/`, `/api//capsules`, `/api/capsules/./1` — the path those resolve to;
 * undefined for any other path. Next.js would answer such a path with its 308 redirect (whose body is not
 * the error shape, and which a client then follows, a signed write included) or route it to another path
 * than the one sent; the bridge answers 404 NOT_FOUND instead (docs/DECISIONS.md, "An API path with a
 * trailing slash is not found"). Pages keep Next's redirect. Call only with a path that decodes.
 */
function canonicalApiPath(path: string): string | undefined {
  const resolved: string[] = [];
  for (const segment of path.split("/").slice(1)) {
    const decoded = decodeURIComponent(segment);
    if (decoded === "" || decoded === ".") continue;
    if (decoded === "..") resolved.pop();
    else resolved.push(segment);
  }
  const canonical = `/${resolved.join("/")}`;
  if (canonical !== "/api" && !canonical.startsWith("/api/")) return undefined;
  return canonical === path ? undefined : canonical;
}

// Outside /api the pages, feeds, embeds and the API reference's files are read (GET, HEAD) and OPTIONS says so
// (204 with Allow); only the WebSub hub takes a write (POST /websub). Next.js would answer another method with a bare
// 405 without a body or Allow (a feed, the hub's GET), render the page anyway (a POST to a page), or answer OPTIONS
// and methods it has no slot for (PROPFIND, TRACE…) with a bare 400.
// Next's own development paths (/_next/…, /__nextjs…) are left to Next.
const READ_METHODS = new Set(["GET", "HEAD"]);
const HUB_PATH = "/websub";
const PAGE_ALLOW = "GET, HEAD, OPTIONS";

/** The Allow header of a method a path outside /api does not serve; undefined when it serves it. */
function outsideApiAllow(method: string, path: string): string | undefined {
  if (path.startsWith("/_next/") || path.startsWith("/__nextjs")) return ROUTABLE.has(method) ? undefined : PAGE_ALLOW;
  if (path === HUB_PATH) return method === "POST" || method === "OPTIONS" ? undefined : "POST, OPTIONS";
  return READ_METHODS.has(method) ? undefined : PAGE_ALLOW;
}

/** A request answered before Next that is no error: OPTIONS on a page, feed or file (204 with its Allow). */
type Answer = { status: 204; headers: Record<string, string> };

function problemOf(method: string, path: string): AppError | Answer | undefined {
  if (!decodes(path)) {
    return new AppError("VALIDATION_ERROR", "The request path is not valid percent-encoding", { issues: [{ path: "(path)", message: "malformed percent-encoding" }] });
  }
  const canonical = canonicalApiPath(path);
  if (canonical !== undefined) {
    const named = matchRoute(table, canonical) ? `; the route is ${canonical}` : "";
    return new AppError("NOT_FOUND", `No bridge route at ${method} ${path}: API paths have no trailing or repeated slash and no dot segment${named}`);
  }
  if (!path.startsWith("/api/") && path !== "/api") {
    const allow = outsideApiAllow(method, path);
    if (allow && method === "OPTIONS") return { status: 204, headers: { Allow: allow } };
    return allow ? new AppError("METHOD_NOT_ALLOWED", `${method} is not allowed here; allowed: ${allow}`, { headers: { Allow: allow } }) : undefined;
  }
  if (ROUTABLE.has(method)) return undefined;
  const route = matchRoute(table, path);
  if (!route) return new AppError("NOT_FOUND", `No bridge route at ${method} ${path}`);
  const allow = allowOf(route.methods);
  return new AppError("METHOD_NOT_ALLOWED", `${method} is not allowed on ${route.template}; allowed: ${allow}`, { headers: { Allow: allow } });
}

async function send(req: IncomingMessage, res: ServerResponse, problem: AppError | Answer): Promise<void> {
  let error = problem;
  let headers: Record<string, string> = {};
  try {
    headers = await countUnknownPath(String(req.headers[CLIENT_IP_HEADER] ?? "unknown"));
  } catch (limited) {
    if (limited instanceof AppError) error = limited;
  }
  if (!(error instanceof AppError)) {
    res.writeHead(error.status, { ...headers, ...error.headers, "cache-control": "no-store" });
    res.end();
    return;
  }
  const body = JSON.stringify(errorBody(error));
  res.writeHead(error.statusCode, { ...headers, ...error.headers, "content-type": "application/json; charset=utf-8", "cache-control": "no-store", "content-length": Buffer.byteLength(body) });
  res.end(req.method === "HEAD" ? undefined : body);
}

/** True when the request was answered here; the caller then leaves it alone. */
export function answerBeforeNext(req: IncomingMessage, res: ServerResponse): boolean {
  const method = (req.method ?? "GET").toUpperCase();
  const path = (req.url ?? "/").split("?")[0] ?? "/";
  const problem = problemOf(method, path);
  if (!problem) return false;
  void send(req, res, problem);
  return true;
}
