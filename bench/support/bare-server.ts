import http from "node:http";
import type { Db } from "@/lib/db/database";
import { ZCapsuleIdParams, ZCapsuleListResponse, ZCapsuleResponse, ZListCapsulesQuery } from "@/features/capsules/capsules.schema";
import { capsulePage, getCapsuleResponse } from "@/features/capsules/capsule-queries";

const json = (res: http.ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" });
  res.end(JSON.stringify(body));
};

/**
 * The baseline of the read bench: a plain node:http server answering GET /api/capsules/:id and
 * GET /api/capsules with exactly the route handlers' service calls and response schemas, and
 * nothing else (no Next.js, no route wrapper, no rate limiter).
 */
export function bareServer(db: Db, origin: string): http.Server {
  return http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", origin);
    const match = /^\/api\/capsules\/([^/]+)$/.exec(url.pathname);
    const work = match
      ? getCapsuleResponse(db, ZCapsuleIdParams.parse({ id: match[1] }).id, origin, undefined).then((r) => ZCapsuleResponse.parse(r))
      : url.pathname === "/api/capsules"
        ? capsulePage(db, ZListCapsulesQuery.parse(Object.fromEntries(url.searchParams)), undefined).then((r) => ZCapsuleListResponse.parse(r))
        : Promise.reject(new Error(`no bare route for ${url.pathname}`));
    work.then(
      (body) => json(res, 200, body),
      (error: unknown) => json(res, 500, { ok: false, message: error instanceof Error ? error.message : String(error) }),
    );
  });
}
