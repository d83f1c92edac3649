// The strict reading of an EIP-4361 message's dates and field lines. viem's parseSiweMessage is
// lenient where a sign-in must not be: it leaves an unparseable date as an Invalid Date (NaN seconds
// pass every comparison), lets JavaScript roll 2026-02-30 over to 2 March, skips lines it does not
// know and keeps every resource line.

const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(?:([Zz])|([+-])(\d{2}):(\d{2}))$/;

/**
 * An RFC 3339 date-time (EIP-4361's format) as Unix seconds, fractions dropped; undefined for
 * anything else, including dates that do not exist (2026-02-30, 24:00:00, a leap second 23:59:60).
 */
export function rfc3339Seconds(value: string): number | undefined {
  const match = RFC3339.exec(value);
  if (!match) return undefined;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return undefined;
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  date.setUTCHours(hour, minute, second, 0);
  let offset = 0;
  if (!match[7]) {
    const [offsetHours, offsetMinutes] = [Number(match[9]), Number(match[10])];
    if (offsetHours > 23 || offsetMinutes > 59) return undefined;
    offset = (match[8] === "-" ? -1 : 1) * (offsetHours * 3600 + offsetMinutes * 60);
  }
  return date.getTime() / 1000 - offset;
}

export type SiweFieldLines = { issuedAt: string; expirationTime?: string; notBefore?: string; resources: string[] };

const REQUIRED = ["URI: ", "Version: ", "Chain ID: ", "Nonce: ", "Issued At: "] as const;
const OPTIONAL = ["Expiration Time: ", "Not Before: ", "Request ID: "] as const;

/**
 * The field lines from `URI:` to the end, exactly in EIP-4361's order: URI, Version, Chain ID, Nonce,
 * Issued At, then optionally Expiration Time, Not Before, Request ID and `Resources:` with one `- `
 * line per resource, and nothing after. `withStatement`: the message has a statement (its lines 4–5).
 */
export function siweFieldLines(message: string, withStatement: boolean): { ok: true; fields: SiweFieldLines } | { ok: false; reason: string } {
  const lines = message.split("\n");
  let at = withStatement ? 5 : 3;
  const out = (reason: string) => ({ ok: false as const, reason });
  const values: Record<string, string> = {};
  for (const tag of REQUIRED) {
    const line = lines[at];
    if (line === undefined || !line.startsWith(tag)) return out(`line ${at + 1} must be its "${tag.trim()}" line`);
    values[tag] = line.slice(tag.length);
    at += 1;
  }
  for (const tag of OPTIONAL) {
    const line = lines[at];
    if (line !== undefined && line.startsWith(tag)) {
      values[tag] = line.slice(tag.length);
      at += 1;
    }
  }
  const resources: string[] = [];
  if (lines[at] === "Resources:") {
    for (at += 1; lines[at]?.startsWith("- "); at += 1) resources.push(lines[at]!.slice(2));
  }
  if (at < lines.length) return out(`line ${at + 1} is not an EIP-4361 field in its place (after Issued At come only Expiration Time, Not Before, Request ID and Resources, in that order, and nothing after the resources)`);
  return { ok: true, fields: { issuedAt: values["Issued At: "]!, expirationTime: values["Expiration Time: "], notBefore: values["Not Before: "], resources } };
}
