import "server-only";
import { Resolver } from "node:dns/promises";
import { parseDnsServers } from "./dns-servers";
import { expectedTxtValue, TXT_PREFIX } from "./txt-record";

export type TxtFailure = "no_record" | "wrong_token" | "wrong_value" | "wrong_name" | "timeout" | "dns_error";

export type TxtCheck = { verified: true; reason: null; message: string } | { verified: false; reason: TxtFailure; message: string };

const noRecordCodes = new Set(["ENODATA", "ENOTFOUND", "NOTFOUND", "NODATA"]);
const timeoutCodes = new Set(["ETIMEOUT", "TIMEOUT"]);

type Lookup = { values: string[] } | { code: string };

async function lookup(domain: string, servers: string[], timeoutMs: number): Promise<Lookup> {
  const resolver = new Resolver({ timeout: timeoutMs, tries: 1 });
  if (servers.length > 0) resolver.setServers(servers);
  try {
    return { values: (await resolver.resolveTxt(domain)).map((chunks) => chunks.join("").trim()) };
  } catch (error) {
    return { code: (error as NodeJS.ErrnoException).code ?? "" };
  } finally {
    resolver.cancel();
  }
}

/** Names a record is often published at by mistake: a prefix some providers suggest, or www / the bare domain. */
export function neighbourNames(domain: string): string[] {
  const names = [`_capsule.${domain}`, `_capsule-verification.${domain}`];
  if (domain.startsWith("www.") && domain.split(".").length > 2) names.push(domain.slice(4));
  else names.push(`www.${domain}`);
  return names;
}

// A found value is quoted only when it is meant for this check (it names the prefix or holds the token), and
// then shortened: the page needs enough of it to recognise the record, nothing more.
const shorten = (value: string, max = 90) => (value.length > max ? `${value.slice(0, max)}…` : value);
const otherToken = (value: string) => `${TXT_PREFIX}${shorten(value.slice(TXT_PREFIX.length), 8)}`;
const prefixLike = (value: string) => /^\s*"?\s*capsule[-_ ]?verif/i.test(value);

type NearMiss = { kind: "wrong_token" | "wrong_value"; value: string };

/** A value at a name that is meant for Capsule's check but is not exactly the expected one. */
export function nearMiss(values: string[], token: string): NearMiss | undefined {
  const holdsToken = values.find((v) => v.toLowerCase().includes(token.toLowerCase()));
  if (holdsToken !== undefined) return { kind: "wrong_value", value: holdsToken };
  const exactPrefix = values.find((v) => v.startsWith(TXT_PREFIX));
  if (exactPrefix !== undefined) return { kind: "wrong_token", value: exactPrefix };
  const similar = values.find(prefixLike);
  return similar === undefined ? undefined : { kind: "wrong_value", value: similar };
}

function describeMiss(miss: NearMiss, name: string, expected: string): string {
  if (miss.kind === "wrong_token") {
    return `Found a TXT record at ${name} but its value does not match: it holds ${otherToken(miss.value)} (another token, perhaps an old one); expected ${expected}`;
  }
  return `Found a TXT record at ${name} but its value does not match: it reads "${shorten(miss.value)}"; expected exactly ${expected}`;
}

/**
 * Looks up the TXT records of `domain` (DNS only, one try) and tells whether one of them is exactly
 * `capsule-verification=<token>`. When none is, says what was found instead: a record meant for this check
 * with another token or another spelling, or the record published at a neighbouring name.
 */
export async function checkTxtRecord(domain: string, token: string, options: { servers?: string; timeoutMs: number }): Promise<TxtCheck> {
  const servers = parseDnsServers(options.servers);
  try {
    if (servers.length > 0) new Resolver().setServers(servers);
  } catch {
    return { verified: false, reason: "dns_error", message: "The configured DNS servers (CAPSULE_DNS_SERVERS) are not valid" };
  }
  const expected = expectedTxtValue(token);
  const found = await lookup(domain, servers, options.timeoutMs);
  if ("code" in found) {
    if (timeoutCodes.has(found.code)) return { verified: false, reason: "timeout", message: `The DNS lookup of ${domain} timed out; try again later` };
    if (!noRecordCodes.has(found.code)) return { verified: false, reason: "dns_error", message: `The DNS lookup of ${domain} failed (${found.code || "unknown error"})` };
  } else {
    if (found.values.includes(expected)) return { verified: true, reason: null, message: `Found ${TXT_PREFIX}… on ${domain}; the outlet is verified` };
    const miss = nearMiss(found.values, token);
    if (miss) return { verified: false, reason: miss.kind, message: describeMiss(miss, domain, expected) };
  }
  const elsewhere = await Promise.all(
    neighbourNames(domain).map(async (name) => {
      const at = await lookup(name, servers, options.timeoutMs);
      if ("code" in at) return undefined;
      if (at.values.includes(expected)) return { name, exact: true };
      return nearMiss(at.values, token) ? { name, exact: false } : undefined;
    }),
  );
  const other = elsewhere.find((e) => e?.exact) ?? elsewhere.find((e) => e !== undefined);
  if (other) {
    const what = other.exact ? "this outlet's record" : `a ${TXT_PREFIX} record that does not match either`;
    return { verified: false, reason: "wrong_name", message: `No matching TXT record at ${domain}, but ${what} was found at ${other.name}: publish ${expected} at ${domain} itself` };
  }
  const none = "code" in found ? "No TXT record found" : `No ${TXT_PREFIX} TXT record found`;
  return { verified: false, reason: "no_record", message: `${none} on ${domain}; publish ${expected}` };
}
