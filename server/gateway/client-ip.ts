import type { IncomingMessage } from "node:http";
import { addressNetwork } from "@/lib/http/client-ip";

/**
 * The client's IP. Without trusted proxies (`hops` 0 or false): the socket's address. Behind `hops`
 * trusted proxies (true = 1): the X-Forwarded-For entry `hops` places from the right — each proxy
 * appends the address it received from, so only the right-most `hops` entries were written by
 * proxies we trust, and everything left of them is whatever the client sent. With fewer entries
 * than hops, the left-most one (the furthest address any proxy saw).
 */
export function requestIp(req: IncomingMessage, hops: boolean | number): string {
  const trusted = hops === true ? 1 : hops === false ? 0 : Math.max(0, Math.floor(hops));
  if (trusted > 0) {
    const header = req.headers["x-forwarded-for"];
    const entries = (Array.isArray(header) ? header.join(",") : (header ?? ""))
      .split(",")
      .map((entry) => entry.trim())
      .filter((entry) => entry !== "");
    const chosen = entries[Math.max(0, entries.length - trusted)];
    if (chosen) return normalizeIp(chosen);
  }
  return normalizeIp(req.socket.remoteAddress ?? "unknown");
}

/** The client's network (an IPv6 address by its /64): the key of every per-client limit and count. */
export function requestNetwork(req: IncomingMessage, hops: boolean | number): string {
  return addressNetwork(requestIp(req, hops));
}

function normalizeIp(ip: string): string {
  return ip.startsWith("::ffff:") && ip.includes(".") ? ip.slice(7) : ip;
}
