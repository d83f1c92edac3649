import { isIPv6 } from "node:net";
import type { RequestHead } from "./request-head";

// The custom server (server/web-server.ts) writes the socket's address, or the trusted proxy's
// X-Forwarded-For, into this header and drops any value a client sent.
export const CLIENT_IP_HEADER = "x-capsule-client-ip";

/** The client's full address (what logs show); limits and counts use `clientNetwork`. */
export function clientIp(request: RequestHead): string {
  return request.headers.get(CLIENT_IP_HEADER) ?? "unknown";
}

/** The network of the request's client: the key of every per-client limit and count. */
export function clientNetwork(request: RequestHead): string {
  return addressNetwork(clientIp(request));
}

/**
 * The part of an address that one client holds (docs/DECISIONS.md, "Per-client limits count an
 * IPv6 /64 as one client"): an IPv4 address whole (an IPv4-mapped IPv6 one as its IPv4 address),
 * an IPv6 address by its first 64 bits — one subscriber is usually given a whole /64, so counting
 * its addresses apart would give it 2^64 budgets. Anything else is returned unchanged.
 */
export function addressNetwork(ip: string): string {
  const address = ip.replace(/%.*$/, "").toLowerCase();
  if (!isIPv6(address)) return ip;
  const groups = ipv6Groups(address);
  const [g6 = 0, g7 = 0] = groups.slice(6);
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) return `${g6 >> 8}.${g6 & 255}.${g7 >> 8}.${g7 & 255}`;
  return `${groups.slice(0, 4).map((g) => g.toString(16)).join(":")}::/64`;
}

/**
 * The wider network an address is part of, for caps above one client: an IPv6 address by its first 48 bits (a site:
 * what a customer is usually given, 65,536 /64s); an IPv4 address, scarce enough to be one client, whole (as in
 * `addressNetwork`). Anything else is returned unchanged.
 */
export function addressSite(ip: string): string {
  const network = addressNetwork(ip);
  if (!network.endsWith("::/64")) return network;
  return `${network.split(":").slice(0, 3).join(":")}::/48`;
}

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, a dotted IPv4 tail as two groups). */
function ipv6Groups(address: string): number[] {
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(address);
  const text = v4 ? `${address.slice(0, v4.index)}${((Number(v4[1]) << 8) | Number(v4[2])).toString(16)}:${((Number(v4[3]) << 8) | Number(v4[4])).toString(16)}` : address;
  const [head = "", tail] = text.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const fill = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill("0");
  return [...left, ...fill, ...right].map((g) => parseInt(g, 16));
}
