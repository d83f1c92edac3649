import { createHash } from "node:crypto";

// Conditional reads (RFC 9110 §8.8.3, §13.1.2): strong ETags over what an answer is built from,
// and If-None-Match evaluated with the weak comparison the RFC prescribes for it.

/** A strong entity tag: the hash of the answer's inputs (the request's identity and the rows it reads). */
export function entityTag(parts: unknown): string {
  return `"${createHash("sha1").update(stableText(parts)).digest("base64url")}"`;
}

// A replacer sends JSON.stringify down its slow path for every value; rows seldom hold a bigint, so the
// replacer runs only when one made the plain call throw. Both give the same text for the same parts.
function stableText(parts: unknown): string {
  try {
    return JSON.stringify(parts);
  } catch (error) {
    if (error instanceof TypeError) return JSON.stringify(parts, bigintSafe);
    throw error;
  }
}

const bigintSafe = (_key: string, value: unknown) => (typeof value === "bigint" ? value.toString() : value);

const opaque = (tag: string): string => (tag.startsWith("W/") ? tag.slice(2) : tag);

/**
 * True when If-None-Match names the current representation: `*` (one exists), or any entity
 * tag of the comma-separated list equal to `etag` under weak comparison (W/ prefixes ignored).
 */
export function ifNoneMatchHits(header: string | null, etag: string): boolean {
  if (header === null) return false;
  const value = header.trim();
  if (value === "*") return true;
  const current = opaque(etag);
  // entity tags are quoted and may not contain a quote, so a scan for W/?"…" splits the list safely even with commas inside
  for (const match of value.matchAll(/(?:W\/)?"[^"]*"/g)) {
    if (opaque(match[0]) === current) return true;
  }
  return false;
}
