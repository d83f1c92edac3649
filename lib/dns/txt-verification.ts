import "server-only";
import { Resolver } from "node:dns/promises";
import { parseDnsServers } from "./dns-servers";
import { expectedTxtValue, TXT_PREFIX } from "./txt-record";

export type TxtCheck =
  | { verified: true; reason: null; message: string }
  | { verified: false; reason: "no_record" | "wrong_token" | "timeout" | "dns_error"; message: string };

const noRecordCodes = new Set(["ENODATA", "ENOTFOUND", "NOTFOUND", "NODATA"]);
const timeoutCodes = new Set(["ETIMEOUT", "TIMEOUT"]);

/**
 * Looks up the TXT records of `domain` (DNS only, one try) and tells whether one of them is
 * exactly `capsule-verification=<token>`.
 */
export async function checkTxtRecord(domain: string, token: string, options: { servers?: string; timeoutMs: number }): Promise<TxtCheck> {
  const resolver = new Resolver({ timeout: options.timeoutMs, tries: 1 });
  const servers = parseDnsServers(options.servers);
  try {
    if (servers.length > 0) resolver.setServers(servers);
  } catch {
    return { verified: false, reason: "dns_error", message: "The configured DNS servers (CAPSULE_DNS_SERVERS) are not valid" };
  }
  const expected = expectedTxtValue(token);
  let records: string[][];
  try {
    records = await resolver.resolveTxt(domain);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? "";
    if (noRecordCodes.has(code)) return { verified: false, reason: "no_record", message: `No TXT record found on ${domain}; publish ${expected}` };
    if (timeoutCodes.has(code)) return { verified: false, reason: "timeout", message: `The DNS lookup of ${domain} timed out; try again later` };
    return { verified: false, reason: "dns_error", message: `The DNS lookup of ${domain} failed (${code || "unknown error"})` };
  } finally {
    resolver.cancel();
  }
  const values = records.map((chunks) => chunks.join("").trim());
  if (values.includes(expected)) return { verified: true, reason: null, message: `Found ${TXT_PREFIX}… on ${domain}; the outlet is verified` };
  if (values.some((v) => v.startsWith(TXT_PREFIX))) {
    return { verified: false, reason: "wrong_token", message: `The ${TXT_PREFIX} TXT record on ${domain} does not hold this outlet's token` };
  }
  return { verified: false, reason: "no_record", message: `No ${TXT_PREFIX} TXT record found on ${domain}; publish ${expected}` };
}
