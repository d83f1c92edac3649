import "server-only";
import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";

// A hub that fetches any URL a stranger names is a way into the server's own network: unless the
// operator allows it (CAPSULE_WEBSUB_ALLOW_LOCAL_CALLBACKS=1, tests and closed networks),
// callbacks must resolve to public addresses only.

const blocked = new BlockList();
for (const [net, prefix] of [["0.0.0.0", 8], ["10.0.0.0", 8], ["100.64.0.0", 10], ["127.0.0.0", 8], ["169.254.0.0", 16], ["172.16.0.0", 12], ["192.168.0.0", 16], ["198.18.0.0", 15], ["224.0.0.0", 4], ["240.0.0.0", 4]] as const) {
  blocked.addSubnet(net, prefix, "ipv4");
}
for (const [net, prefix] of [["::", 127], ["::1", 128], ["fc00::", 7], ["fe80::", 10], ["ff00::", 8], ["::ffff:0:0", 96]] as const) blocked.addSubnet(net, prefix, "ipv6");

/** Answers why the callback may not be used, or null when it may. */
export async function callbackRefusal(callback: URL, allowPrivate: boolean): Promise<string | null> {
  if (allowPrivate) return null;
  const host = callback.hostname.replace(/^\[|\]$/g, "");
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : (await lookup(host, { all: true })).map((a) => a.address);
  } catch {
    return `the callback's host ${host} does not resolve`;
  }
  const family = (a: string) => (isIP(a) === 6 ? "ipv6" : "ipv4");
  return addresses.some((a) => blocked.check(a, family(a))) ? "the callback points at a loopback, private or reserved address" : null;
}
