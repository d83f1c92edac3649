// A minimal HTTP server for the observability-overhead bench: `bare` answers a small JSON body;
// `observed` answers the same inside the custom server's per-request work (request id and
// AsyncLocalStorage context, route matching, the HTTP counter and histogram, one access line).
import http from "node:http";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { createObserver } from "@/server/http/observe";
import { routeMatcherFor } from "@/server/http/route-patterns";

const mode = process.argv[2] === "observed" ? "observed" : "bare";
const body = JSON.stringify({ ok: true, item: { id: "12", title: "A capsule" } });
const answer = (res: http.ServerResponse) => {
  res.writeHead(200, { "content-type": "application/json", "content-length": String(Buffer.byteLength(body)) });
  res.end(body);
};
const observer = createObserver(routeMatcherFor(path.resolve(import.meta.dirname, "..", "..")));
const server = http.createServer((req, res) => {
  if (mode === "bare") return answer(res);
  observer.request(req, res, req.socket.remoteAddress ?? "", () => answer(res));
});
server.listen(0, "127.0.0.1", () => process.stderr.write(`[observe-bench] listening ${(server.address() as AddressInfo).port}\n`));
process.on("SIGTERM", () => server.close(() => process.exit(0)));
