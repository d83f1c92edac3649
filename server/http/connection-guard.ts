import type http from "node:http";
import type { Socket } from "node:net";
import { Counter, Gauge } from "prom-client";
import { addressNetwork } from "@/lib/http/client-ip";
import { metrics } from "@/lib/metrics/metrics";
import { answerParserRefusals, applyRequestTimeouts, rawJsonAnswer, type ParserRefusal, type ParserRefusalAnswer } from "@/lib/http/parser-refusals";

// Slow clients (issue 25, item 7): Node's headersTimeout and requestTimeout close a connection that
// sends its request too slowly (408), checked every `checkEveryMs` rather than Node's default 30 s;
// and one client address (an IPv6 one by its /64, lib/http/client-ip.ts) holds at most `maxPerIp` open connections (0 = no cap), the excess
// answered 429 in the error shape and closed before a byte of its request is parsed. The peer
// address is the socket's: behind a reverse proxy every connection comes from the proxy.

export type ConnectionLimits = { headersTimeoutMs: number; requestTimeoutMs: number; maxPerIp: number };

function guardMetrics() {
  const { registry } = metrics();
  const existing = registry.getSingleMetric("capsule_http_connections_refused_total");
  if (existing) {
    return {
      refused: existing as Counter,
      timeouts: registry.getSingleMetric("capsule_http_request_timeouts_total") as Counter,
      settings: registry.getSingleMetric("capsule_http_connection_limit_settings") as Gauge<"setting">,
      open: registry.getSingleMetric("capsule_http_connections_open") as Gauge,
    };
  }
  const registers = [registry];
  return {
    refused: new Counter({ name: "capsule_http_connections_refused_total", help: "TCP connections refused because their client address already held CAPSULE_HTTP_MAX_CONNECTIONS_PER_IP", registers }),
    timeouts: new Counter({ name: "capsule_http_request_timeouts_total", help: "Connections closed with 408 because the request's headers or body came too slowly", registers }),
    settings: new Gauge({
      name: "capsule_http_connection_limit_settings",
      help: "Slow-client settings: headers_timeout_seconds, request_timeout_seconds, max_connections_per_ip (0 = no cap)",
      labelNames: ["setting"] as const,
      registers,
    }),
    open: new Gauge({ name: "capsule_http_connections_open", help: "Open TCP connections to the HTTP server", registers }),
  };
}

const REFUSAL = rawJsonAnswer(
  429,
  "Too Many Requests",
  { ok: false, error: "RATE_LIMITED", message: "Too many open connections from this address; close some and try again", statusCode: 429 },
  { "Retry-After": "1" },
);

// Node's own answers to a request it could not parse carry no body; these answer in the error shape
// (docs/API.md, "Errors"), shared with the bounty service (lib/http/parser-refusals.ts).
const MESSAGES: Record<ParserRefusal["code"], string> = {
  REQUEST_TIMEOUT: "The request's headers or body came too slowly",
  REQUEST_HEADERS_TOO_LARGE: "The request's headers are too large (16 KiB in all, the Authorization token included); send a shorter token or fewer headers",
  PAYLOAD_TOO_LARGE: "The request's chunk extensions are too large",
  VALIDATION_ERROR: "The request is not valid HTTP",
};

/** A refused request's answer in the error shape. */
export function clientErrorAnswer(refusal: ParserRefusal): ParserRefusalAnswer {
  return {
    statusCode: refusal.statusCode,
    reason: refusal.reason,
    body: { ok: false, error: refusal.code, message: MESSAGES[refusal.code], statusCode: refusal.statusCode },
  };
}

/**
 * Applies the timeouts and the per-address cap to `server`; call before it listens. Node's parser
 * is attached to a connection before this sees it: `refused(socket)` tells the request and upgrade
 * handlers to drop what a refused connection still managed to send.
 */
export function guardConnections(server: http.Server, limits: ConnectionLimits): { refused: (socket: Socket) => boolean } {
  const refusedSockets = new WeakSet<Socket>();
  const requestTimeout = limits.requestTimeoutMs;
  applyRequestTimeouts(server, limits.headersTimeoutMs, requestTimeout);
  const m = guardMetrics();
  m.settings.set({ setting: "headers_timeout_seconds" }, server.headersTimeout / 1000);
  m.settings.set({ setting: "request_timeout_seconds" }, requestTimeout / 1000);
  m.settings.set({ setting: "max_connections_per_ip" }, limits.maxPerIp);

  const openByIp = new Map<string, number>();
  server.on("connection", (socket: Socket) => {
    const ip = addressNetwork(socket.remoteAddress ?? "unknown");
    const open = openByIp.get(ip) ?? 0;
    if (limits.maxPerIp > 0 && open >= limits.maxPerIp) {
      m.refused.inc();
      refusedSockets.add(socket);
      socket.on("error", () => undefined);
      socket.end(REFUSAL, () => socket.destroy());
      setTimeout(() => socket.destroy(), 5000).unref(); // a client that never reads its refusal
      return;
    }
    openByIp.set(ip, open + 1);
    m.open.inc();
    socket.once("close", () => {
      m.open.dec();
      const left = (openByIp.get(ip) ?? 1) - 1;
      if (left <= 0) openByIp.delete(ip);
      else openByIp.set(ip, left);
    });
  });

  // Node's own answers to a client error (a listener replaces them), counting the timeouts
  answerParserRefusals(server, clientErrorAnswer, (error) => {
    if (error.code === "ERR_HTTP_REQUEST_TIMEOUT") m.timeouts.inc();
  });
  return { refused: (socket) => refusedSockets.has(socket) };
}
