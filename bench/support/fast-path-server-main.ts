// Entry of the "fast path without Next.js" child process of the read bench (BENCH_FAST_PATH=1, see
// bare-process.ts): the route server's per-request work for an anonymous conditional read (observer,
// fast-path dispatch, the route wrapper, its rate limit and ETag) over the same database, but no
// Next.js loaded and no indexer, outbox, housekeeping or change feed running (so on PostgreSQL it
// remembers no answer: the generation needs the feed). Between the bare server and the route server,
// it splits the by-id read's surplus into its request path and the rest.
// Env: BENCH_SQLITE_FILE or BENCH_DATABASE_URL, BENCH_ORIGIN (the route server's origin, for links).
import http from "node:http";
import path from "node:path";
import { serveBenchChild } from "./serve-child";

Object.assign(process.env, {
  DATABASE_URL: process.env.BENCH_DATABASE_URL ?? "",
  CAPSULE_DATA_DIR: path.dirname(process.env.BENCH_SQLITE_FILE ?? ""),
  CAPSULE_PUBLIC_URL: process.env.BENCH_ORIGIN ?? "",
  CAPSULE_RATE_PUBLIC_GET_PER_MIN: "1000000000",
});

const { createObserver } = await import("@/server/http/observe");
const { routeMatcherFor } = await import("@/server/http/route-patterns");
const { createFastReads } = await import("@/server/http/fast-reads");
const { conditionalReads } = await import("@/features/conditional-reads");
const { requestIp } = await import("@/server/gateway/client-ip");
const { CLIENT_IP_HEADER } = await import("@/lib/http/client-ip");
const { database } = await import("@/lib/db/client");

// BENCH_FAST_PATH_NEXT=1: Next.js loaded and prepared as in the route server, but never handed a request
if (process.env.BENCH_FAST_PATH_NEXT === "1") {
  const { default: next } = await import("next");
  await next({ dev: false, dir: path.resolve(import.meta.dirname, "..", "..") }).prepare();
  console.log(`[fast-path] Next.js prepared; heap used ${Math.round(process.memoryUsage().heapUsed / 1e6)} MB`);
}

const handle = database();
const observer = createObserver(routeMatcherFor(path.resolve(import.meta.dirname, "..", "..")));
const fastRead = createFastReads({ reads: conditionalReads });
const server = http.createServer((req, res) => {
  const ip = requestIp(req, false);
  observer.request(req, res, ip, (route) => {
    req.headers[CLIENT_IP_HEADER] = ip;
    if (fastRead(req, res, route)) return;
    res.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ ok: false, message: "not a fast read" }));
  });
});
serveBenchChild(server, () => handle.close());
