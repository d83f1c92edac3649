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
export const cidV1Raw = (data: Uint8Array): string => cidV1FromSha256(createHash("sha256").update(data).digest());

/** CIDv1 (raw, sha2-256) of bytes whose SHA-256 is `digest` (32 bytes, or 0x + 64 hex). */
export function cidV1FromSha256(digest: Uint8Array | string): string {
  if (typeof digest === "string") digest = Buffer.from(digest.replace(/^0x/, ""), "hex");
  if (digest.length !== 32) throw new Error("a SHA-256 digest has 32 bytes");
  const cid = new Uint8Array(4 + digest.length);
  cid.set([0x01, 0x55, 0x12, 0x20], 0); // version 1, raw codec, sha2-256, 32-byte digest
  cid.set(digest, 4);
  return `b${base32Lower(cid)}`;
}

/** The SHA-256 (64 hex, no 0x) a CIDv1 raw sha2-256 in base32 names; undefined for any other CID. */
export function sha256OfCid(cid: string): string | undefined {
  if (!/^b[a-z2-7]{58}$/.test(cid)) return undefined;
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of cid.slice(1)) {
    value = ((value << 5) | BASE32.indexOf(char)) & 0xfff;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  const [version, codec, hash, length, ...digest] = bytes;
  if (version !== 0x01 || codec !== 0x55 || hash !== 0x12 || length !== 0x20 || digest.length !== 32) return undefined;
  return Buffer.from(digest).toString("hex");
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
