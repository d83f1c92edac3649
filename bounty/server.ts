import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Duplex } from "node:stream";
import { answerParserRefusals, applyRequestTimeouts, type ParserRefusal, type ParserRefusalAnswer } from "@/lib/http/parser-refusals";
import { logError, logInfo, logWarn } from "@/lib/log";
import type { BountyErrorCode } from "@/features/bounty/bounty.schema";
import { ALLOWED_METHODS, errorReply, routeBountyRequest, type BountyReply } from "./router";
import type { BountyStore } from "./state-store";

// The bounty read service: a plain node:http listener (not Next.js), internal by default
// (127.0.0.1:46331). startBountyService is used by bounty/main.ts, the start script and the tests.

export type BountyService = { url: string; host: string; port: number; close: () => Promise<void> };
/** The service owns the store: close() stops the listener and then closes the store. */
export type BountyServiceOptions = {
  host: string;
  port: number;
  store: BountyStore;
  /** Time a client has to send its headers, then 408 (default 10 s, as the web server's CAPSULE_HTTP_HEADERS_TIMEOUT_MS). */
  headersTimeoutMs?: number;
  /** Time a client has to send its whole request, then 408 (default 120 s, as CAPSULE_HTTP_REQUEST_TIMEOUT_MS). */
  requestTimeoutMs?: number;
};

const baseHeaders = {
  "content-type": "application/json; charset=utf-8",
  "cache-control": "no-store",
  "x-content-type-options": "nosniff",
};

function send(res: http.ServerResponse, reply: BountyReply, withBody: boolean): void {
  const payload = Buffer.from(JSON.stringify(reply.body));
  // HEAD gets the same status and headers as GET, including the length the body would have.
  res.writeHead(reply.status, { ...baseHeaders, "content-length": String(payload.byteLength), ...reply.headers });
  res.end(withBody ? payload : undefined);
}

/** A raw reply for requests node's parser refuses before they become a request (unknown methods, CONNECT). */
function rawReply(socket: Duplex, reply: BountyReply, reason: string): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const payload = JSON.stringify(reply.body);
  const headers = { ...baseHeaders, "content-length": String(Buffer.byteLength(payload)), connection: "close", ...reply.headers };
  const head = Object.entries(headers).map(([k, v]) => `${k}: ${v}`).join("\r\n");
  socket.end(`HTTP/1.1 ${reply.status} ${reason}\r\n${head}\r\n\r\n${payload}`);
}

const REFUSAL_CODES: Record<ParserRefusal["code"], BountyErrorCode> = {
  REQUEST_TIMEOUT: "request_timeout",
  REQUEST_HEADERS_TOO_LARGE: "request_headers_too_large",
  PAYLOAD_TOO_LARGE: "payload_too_large",
  VALIDATION_ERROR: "bad_request",
};

/** A request node's parser refused, in the service's error shape (the web server's answers, lib/http/parser-refusals.ts). */
function refusalReply(refusal: ParserRefusal): ParserRefusalAnswer {
  // a method node does not know is still a method: refused as every other one is
  if (refusal.nodeCode === "HPE_INVALID_METHOD") {
    const reply = errorReply(405, "method_not_allowed");
    return { statusCode: 405, reason: "Method Not Allowed", body: reply.body, headers: { Allow: ALLOWED_METHODS } };
  }
  const reply = errorReply(refusal.statusCode, REFUSAL_CODES[refusal.code]);
  return { statusCode: refusal.statusCode, reason: refusal.reason, body: reply.body };
}

function formatUrl(host: string, port: number): string {
  return `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
}

export async function startBountyService({ host, port, store, headersTimeoutMs = 10_000, requestTimeoutMs = 120_000 }: BountyServiceOptions): Promise<BountyService> {
  // Log a state change once (available → unavailable and back), not every failing request.
  let lastState: "ok" | "unavailable" | undefined;

  const server = http.createServer((req, res) => {
    void handle(req, res).catch((error: unknown) => {
      logError("bounty", error, { path: req.url });
      res.destroy();
    });
  });

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    req.resume(); // a body (sent with a refused method) is drained, never read
    const method = req.method ?? "GET";
    const { reply, failure } = await routeBountyRequest(store, method, req.url ?? "/");
    if (reply.status === 503 && lastState !== "unavailable") {
      lastState = "unavailable";
      logWarn("bounty", "bounty state unavailable", { source: store.source, reason: failure instanceof Error ? failure.message : String(failure) });
    } else if (reply.status === 500) {
      logError("bounty", failure, { path: req.url });
    } else if (reply.status === 200 && lastState === "unavailable") {
      lastState = "ok";
      logInfo("bounty", "bounty state readable again", { source: store.source });
    }
    send(res, reply, method !== "HEAD");
  }

  // slow clients and requests node cannot parse: the same bounds and answers as the web server's (server/http/connection-guard.ts)
  applyRequestTimeouts(server, headersTimeoutMs, requestTimeoutMs);
  answerParserRefusals(server, refusalReply);
  server.on("connect", (_req, socket) => rawReply(socket, errorReply(405, "method_not_allowed"), "Method Not Allowed"));
  server.keepAliveTimeout = 5000;

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const bound = (server.address() as AddressInfo).port;

  return {
    url: formatUrl(host, bound),
    host,
    port: bound,
    close: async () => {
      await new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
      await store.close();
    },
  };
}

export { ALLOWED_METHODS };
