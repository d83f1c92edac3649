import { createHash, timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { metrics } from "@/lib/metrics/metrics";

// GET /metrics — Prometheus text from the process's registry. Loopback clients read it freely;
// anyone else needs `Authorization: Bearer $CAPSULE_METRICS_TOKEN`. A request that came through a
// proxy (it carries a forwarding header) is never taken for a loopback one, even when the proxy
// itself connects from 127.0.0.1.
const FORWARDING_HEADERS = ["x-forwarded-for", "forwarded", "x-real-ip"];

function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const ip = address.startsWith("::ffff:") ? address.slice(7) : address;
  return ip === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(ip);
}

export function isDirectLoopback(req: IncomingMessage): boolean {
  return isLoopbackAddress(req.socket.remoteAddress) && FORWARDING_HEADERS.every((name) => req.headers[name] === undefined);
}

const digest = (text: string) => createHash("sha256").update(text, "utf8").digest();

function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? "");
  return match !== null && timingSafeEqual(digest(match[1] as string), digest(token));
}

function refuse(res: ServerResponse, statusCode: 401 | 403 | 405, error: string, message: string, headers: Record<string, string> = {}) {
  const body = JSON.stringify({ ok: false, error, message, statusCode });
  res.writeHead(statusCode, { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store", ...headers });
  res.end(body);
}

export function createMetricsEndpoint(options: { token: string | undefined }) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    if (req.method !== "GET" && req.method !== "HEAD") {
      return refuse(res, 405, "METHOD_NOT_ALLOWED", `${req.method} is not allowed on /metrics; use GET`, { Allow: "GET, HEAD" });
    }
    if (!isDirectLoopback(req)) {
      if (!options.token) {
        return refuse(res, 403, "FORBIDDEN", "Metrics are served to loopback clients only; set CAPSULE_METRICS_TOKEN to let others read them with a bearer token");
      }
      if (!bearerMatches(req.headers.authorization, options.token)) {
        return refuse(res, 401, "UNAUTHORIZED", "Metrics need Authorization: Bearer <CAPSULE_METRICS_TOKEN>", {
          "WWW-Authenticate": 'Bearer realm="capsule-metrics"',
        });
      }
    }
    const { registry } = metrics();
    const text = await registry.metrics();
    res.writeHead(200, { "Content-Type": registry.contentType, "Cache-Control": "no-store" });
    res.end(req.method === "HEAD" ? undefined : text);
  };
}
