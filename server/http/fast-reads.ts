import type { IncomingMessage, ServerResponse } from "node:http";
import { NEXT_ROUTER_PREFETCH_HEADER, NEXT_ROUTER_SEGMENT_PREFETCH_HEADER, NEXT_ROUTER_STATE_TREE_HEADER, RSC_HEADER } from "next/dist/client/components/app-router-headers";
import { createRouteMatcher, isCanonicalPath } from "@/lib/endpoints/route-matcher";
import type { Served } from "@/lib/http/endpoint-route";
import { errorAnswer, type Answer } from "@/lib/http/json";
import { AppError } from "@/lib/errors/app-error";
import { logError } from "@/lib/log";
import { metrics } from "@/lib/metrics/metrics";
import { requestHeadOf, type RequestHead } from "@/lib/http/request-head";

// Anonymous GETs of the conditional reads, answered before Next.js's request pipeline (about
// 0.7 ms of CPU a request on its own, more than a 304 is worth; docs/DECISIONS.md). The answer is
// the route's own: the same Served object the route file exports (features/*-reads.ts), so the same rate
// limit, draft visibility, ETag, Cache-Control and body, written to the socket without the web
// Response in between. Anything that is not plainly such a read goes on to Next: other methods
// (HEAD included), an Authorization header (a signed read is verified there), paths that are not
// in their canonical form (percent-escapes, empty segments, a trailing slash Next would redirect),
// Next's own query parameters and headers.

export type FastReads = (req: IncomingMessage, res: ServerResponse, route: string) => boolean;

type Options = {
  reads: readonly Served[];
  /** Next's compression, when Next compresses (CAPSULE_HTTP_COMPRESS=1): the fast answers are compressed alike. */
  compress?: (req: IncomingMessage, res: ServerResponse) => void;
};

// what Next's base server appends to Vary on every App Router answer, route handlers included, before their own
const NEXT_APP_VARY = [RSC_HEADER, NEXT_ROUTER_STATE_TREE_HEADER, NEXT_ROUTER_PREFETCH_HEADER, NEXT_ROUTER_SEGMENT_PREFETCH_HEADER].join(", ");
const NEXT_QUERY = /(?:^|&)(?:_rsc|__next|nxt[PI])/;
const isNextHeader = (name: string) => name === "rsc" || name.startsWith("next-") || name.startsWith("x-middleware") || name === "x-invoke-path";

/** The request's head, unless it carries one of Next's own headers (Next answers those). */
function headOf(req: IncomingMessage, url: string): RequestHead | undefined {
  for (const name of Object.keys(req.headers)) if (isNextHeader(name)) return undefined;
  return requestHeadOf("GET", url, req.headers);
}

// What Next's compression middleware does to an answer it will not compress because the request accepts no encoding:
// it adds Accept-Encoding to Vary when the type is one it would compress and Cache-Control allows transforms
// (before its size threshold, so small answers too). Done here without the middleware's per-answer wrapping.
const COMPRESSIBLE = /^application\/(?:[a-z0-9.+-]*\+)?json\s*(?:;|$)/i;
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;

function varyOnEncoding(res: ServerResponse): void {
  const type = res.getHeader("content-type");
  if (typeof type !== "string" || !COMPRESSIBLE.test(type) || NO_TRANSFORM.test(String(res.getHeader("cache-control") ?? ""))) return;
  const current = res.getHeader("vary");
  const joined = Array.isArray(current) ? current.join(", ") : current === undefined ? "" : String(current);
  const fields = joined.split(",").map((field) => field.trim().toLowerCase());
  if (fields.includes("*") || fields.includes("accept-encoding")) return;
  res.setHeader("vary", joined === "" ? "Accept-Encoding" : `${joined}, Accept-Encoding`);
}

async function write(res: ServerResponse, answered: Answer | Response, encoding: "compressing" | "vary-only" | "off"): Promise<void> {
  // a handler may answer raw bytes as a Response (none of the conditional reads does today)
  const { status, headers, body } = answered instanceof Response ? { status: answered.status, headers: Object.fromEntries(answered.headers), body: Buffer.from(await answered.arrayBuffer()) } : answered;
  res.statusCode = status;
  res.appendHeader("vary", NEXT_APP_VARY);
  // names in lower case, as a web Response (and so Next) writes them; Vary added to, as Next does
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase();
    if (lower === "vary") res.appendHeader(lower, value);
    else res.setHeader(lower, value);
  }
  // with compression the head is stored before the body, as in Next: compression decides on it (Next compresses
  // answers of any size); without, head and body leave in one write with a Content-Length (Next sends a chunked body)
  if (encoding === "vary-only") varyOnEncoding(res);
  if (encoding === "compressing") res.writeHead(status);
  res.end(body ?? undefined);
}

export function createFastReads(options: Options): FastReads {
  const byTemplate = new Map(options.reads.map((served) => [served.endpoint.path as string, served]));
  const match = createRouteMatcher([...byTemplate.keys()]);
  return (req, res, route) => {
    const served = byTemplate.get(route);
    if (!served || req.method !== "GET" || req.headers.authorization !== undefined || req.headers.host === undefined) return false;
    const raw = req.url ?? "";
    const queryAt = raw.indexOf("?");
    const path = queryAt === -1 ? raw : raw.slice(0, queryAt);
    if (!isCanonicalPath(path) || path.includes("%") || (queryAt !== -1 && NEXT_QUERY.test(raw.slice(queryAt + 1)))) return false;
    const hit = match(path);
    if (hit?.pattern !== served.endpoint.path) return false;
    const params = hit.params;
    const url = `http://${req.headers.host}${raw}`;
    // a Host the URL parser refuses: Next answers it (header values were checked by Node's parser)
    if (!URL.canParse(url)) return false;
    const request = headOf(req, url);
    if (!request) return false;
    metrics().httpFastAnswers.inc({ route });
    // a request that accepts no encoding is never compressed: it gets only the middleware's Vary
    const encoding = options.compress === undefined ? "off" : req.headers["accept-encoding"] === undefined ? "vary-only" : "compressing";
    if (encoding === "compressing") options.compress?.(req, res);
    void served
      .answer(request, params)
      .catch((error: unknown): Answer => {
        logError("route", error, { endpoint: served.endpoint.id, path: "fast" });
        return errorAnswer(new AppError("INTERNAL_ERROR", "The server could not complete the request"));
      })
      .then((answered) => write(res, answered, encoding))
      .catch((error: unknown) => {
        logError("route", error, { endpoint: served.endpoint.id, what: "write a fast answer" });
        res.destroy();
      });
    return true;
  };
}
