import http from "node:http";
import type { Db } from "@/lib/db/database";
import { ZCapsuleListResponse, ZCapsuleResponse, ZListCapsulesQuery } from "@/lib/schemas/capsules";
import { capsulePage, getCapsuleResponse } from "@/lib/services/capsules/capsule-queries";

/** A plain node:http server running exactly the route handlers' queries and response schemas. */
export async function startBareServer(db: Db, origin: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://bare");
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json; charset=utf-8" });
      res.end(JSON.stringify(body));
    };
    const match = /^\/api\/capsules\/(\d+)$/.exec(url.pathname);
    const work = match
      ? getCapsuleResponse(db, Number(match[1]), origin).then((r) => ZCapsuleResponse.parse(r))
      : url.pathname === "/api/capsules"
        ? capsulePage(db, ZListCapsulesQuery.parse(Object.fromEntries(url.searchParams))).then((r) => ZCapsuleListResponse.parse(r))
        : Promise.reject(new Error("not found"));
    work.then((body) => send(200, body), () => send(404, { ok: false }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address() as { port: number };
  return { url: `http://127.0.0.1:${address.port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
