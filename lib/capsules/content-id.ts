import { createHash } from "node:crypto";

// Content commitments: contentHash = SHA-256 of the body's UTF-8 bytes (0x-hex, bytes32), and
// metadataURI = ipfs://<CIDv1> of the canonical metadata JSON (raw codec 0x55, sha2-256 multihash,
// base32 lower multibase "b"), i.e. what `ipfs add --cid-version 1 --raw-leaves` gives a small file.

export function sha256Hex(data: string | Uint8Array): `0x${string}` {
  return `0x${createHash("sha256").update(data).digest("hex")}`;
}

export const contentHashOf = (body: string): `0x${string}` => sha256Hex(Buffer.from(body, "utf8"));

const BASE32 = "abcdefghijklmnopqrstuvwxyz234567";

/** RFC 4648 base32, lower case, no padding. */
export function base32Lower(bytes: Uint8Array): string {
  let out = "";
  let bits = 0;
  let value = 0;
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

/** CIDv1 (raw, sha2-256) of these bytes, base32 multibase. */
export function cidV1Raw(data: Uint8Array): string {
  const digest = createHash("sha256").update(data).digest();
  const cid = new Uint8Array(4 + digest.length);
  cid.set([0x01, 0x55, 0x12, 0x20], 0); // version 1, raw codec, sha2-256, 32-byte digest
  cid.set(digest, 4);
  return `b${base32Lower(cid)}`;
}

/** JSON with object keys sorted at every level and no whitespace: one text per value. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v === undefined ? null : v)).join(",")}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
}

export const metadataUriOf = (metadata: unknown): string => `ipfs://${cidV1Raw(Buffer.from(canonicalJson(metadata), "utf8"))}`;
