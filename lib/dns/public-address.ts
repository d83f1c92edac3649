import { lookup } from "node:dns/promises";
import { BlockList, isIPv4, isIPv6, type LookupFunction } from "node:net";
import { checkDomainName } from "./domain-name";

// Which URLs the bridge may fetch on a person's behalf (evidence "Add by link"), and which addresses
// such a fetch may connect to. The bridge runs next to private infrastructure (the node, PostgreSQL,
// the bounty service on loopback), so a link may name only a public DNS name over https, and every
// address the name resolves to must be public: loopback, private, link-local, carrier-grade NAT,
// documentation, multicast and reserved ranges are refused, IPv4-mapped IPv6 included. The name rules
// are the outlet DNS check's (lib/dns/domain-name.ts): no IP literals, no single labels, no internal suffixes.

const blocked = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  blocked.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["64:ff9b::", 96],
  ["64:ff9b:1::", 48],
  ["100::", 64],
  ["2001::", 23],
  ["2001:db8::", 32],
  ["2002::", 16],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
] as const) {
  blocked.addSubnet(network, prefix, "ipv6");
}

// IPv6 unicast the Internet routes is 2000::/3 (IANA's global unicast allocation); everything outside it is reserved or
// special-purpose, e.g. the deprecated IPv4-compatible ::a.b.c.d (::/96), which the list above did not name
const globalUnicast = new BlockList();
globalUnicast.addSubnet("2000::", 3, "ipv6");

const MAPPED_V4 = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;
const MAPPED_V4_HEX = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i;

/** An IPv4 address carried inside an IPv6 one (::ffff:a.b.c.d in either spelling), else undefined. */
function embeddedV4(address: string): string | undefined {
  const dotted = MAPPED_V4.exec(address);
  if (dotted?.[1]) return dotted[1];
  const hex = MAPPED_V4_HEX.exec(address);
  if (!hex?.[1] || !hex[2]) return undefined;
  const high = parseInt(hex[1], 16);
  const low = parseInt(hex[2], 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join(".");
}

/** Whether a fetch may connect to this IP address (a literal from a DNS answer). */
export function isPublicAddress(address: string): boolean {
  if (isIPv4(address)) return !blocked.check(address, "ipv4");
  if (!isIPv6(address)) return false;
  const v4 = embeddedV4(address);
  if (v4 !== undefined) return isIPv4(v4) && !blocked.check(v4, "ipv4");
  return globalUnicast.check(address, "ipv6") && !blocked.check(address, "ipv6");
}

export type FetchUrlCheck = { ok: true; url: URL; host: string } | { ok: false; reason: string };

/** A link the bridge may fetch: https, no user or password, the default port, a public DNS name. */
export function checkFetchUrl(input: string): FetchUrlCheck {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    return { ok: false, reason: "it is not a web address" };
  }
  if (url.protocol !== "https:") return { ok: false, reason: "only https links can be fetched" };
  if (url.username || url.password) return { ok: false, reason: "links with a user name or password are not fetched" };
  if (url.port !== "") return { ok: false, reason: "links with a port number are not fetched" };
  const name = checkDomainName(url.hostname);
  if (!name.ok) return { ok: false, reason: name.reason };
  return { ok: true, url, host: name.domain };
}

export type Resolver = (host: string) => Promise<string[]>;

/** The operating system's resolver (where a closed network's own names are known). */
export const systemResolver: Resolver = async (host) => (await lookup(host, { all: true })).map((a) => a.address);

/**
 * The addresses of a checked host, all public, or the reason it is refused. The fetch must then
 * connect to one of these addresses (not resolve again), so a second DNS answer cannot point it inside.
 * `allow` replaces the public-address rule; only tests pass one (a loopback HTTPS server).
 */
export async function resolvePublic(host: string, resolve: Resolver, allow: (address: string) => boolean = isPublicAddress): Promise<{ ok: true; addresses: string[] } | { ok: false; reason: string }> {
  let addresses: string[];
  try {
    addresses = await resolve(host);
  } catch {
    return { ok: false, reason: `${host} could not be resolved` };
  }
  if (addresses.length === 0) return { ok: false, reason: `${host} has no address` };
  const inside = addresses.find((address) => !allow(address));
  if (inside !== undefined) return { ok: false, reason: `${host} points to a private or reserved address, which the bridge does not fetch` };
  return { ok: true, addresses };
}

/** A socket lookup that answers the checked address whatever the name resolves to now (no second DNS answer). */
export function pinnedLookup(address: string): LookupFunction {
  const family = isIPv6(address) ? 6 : 4;
  return (_host, options, done) => {
    if (typeof options === "object" && options.all) done(null, [{ address, family }]);
    else done(null, address, family);
  };
}
