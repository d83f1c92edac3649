import type { IncomingMessage } from "node:http";

/** The client's IP: the socket's address, or the first X-Forwarded-For entry behind a trusted proxy. */
export function requestIp(req: IncomingMessage, trustProxy: boolean): string {
  if (trustProxy) {
    const header = req.headers["x-forwarded-for"];
    const first = (Array.isArray(header) ? header[0] : header)?.split(",")[0]?.trim();
    if (first) return normalizeIp(first);
  }
  return normalizeIp(req.socket.remoteAddress ?? "unknown");
}

function normalizeIp(ip: string): string {
  return ip.startsWith("::ffff:") && ip.includes(".") ? ip.slice(7) : ip;
}
