// The vault's MIME allow-list and magic-byte checks (pure). Binary types must start with their
// signature; text types must be valid UTF-8 without NUL bytes (JSON must also parse).

type Check = (bytes: Uint8Array) => boolean;

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);
const ascii = (text: string) => Array.from(text, (c) => c.charCodeAt(0));

const riff = (kind: string): Check => (b) => startsWith(b, ascii("RIFF")) && startsWith(b, ascii(kind), 8);

const binary: Record<string, Check> = {
  "application/pdf": (b) => startsWith(b, ascii("%PDF-")),
  "image/png": (b) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  "image/jpeg": (b) => startsWith(b, [0xff, 0xd8, 0xff]),
  "image/webp": riff("WEBP"),
  "image/gif": (b) => startsWith(b, ascii("GIF87a")) || startsWith(b, ascii("GIF89a")),
  // ID3v2 tag, or an MPEG audio frame sync (11 set bits)
  "audio/mpeg": (b) => startsWith(b, ascii("ID3")) || (b.length >= 2 && b[0] === 0xff && (b[1]! & 0xe0) === 0xe0),
  "video/mp4": (b) => startsWith(b, ascii("ftyp"), 4),
  "audio/wav": riff("WAVE"),
};

function utf8Text(bytes: Uint8Array): string | undefined {
  try {
    const text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return text.includes("\u0000") ? undefined : text;
  } catch {
    return undefined;
  }
}

const text: Record<string, Check> = {
  "text/plain": (b) => utf8Text(b) !== undefined,
  "text/csv": (b) => utf8Text(b) !== undefined,
  "text/html": (b) => utf8Text(b) !== undefined,
  "application/json": (b) => {
    const value = utf8Text(b);
    if (value === undefined) return false;
    try {
      JSON.parse(value);
      return true;
    } catch {
      return false;
    }
  },
};

/** Other spellings clients send for allowed types, mapped to the stored one. */
const aliases: Record<string, string> = {
  "image/jpg": "image/jpeg",
  "audio/mp3": "audio/mpeg",
  "audio/x-wav": "audio/wav",
  "audio/wave": "audio/wav",
  "audio/vnd.wave": "audio/wav",
};

export const allowedMimeTypes = [...Object.keys(binary), ...Object.keys(text)];

/** The canonical allowed MIME type for a declared one (parameters such as `; charset=utf-8` dropped), or undefined. */
export function canonicalMimeType(declared: string): string | undefined {
  const base = declared.split(";")[0]!.trim().toLowerCase();
  const name = aliases[base] ?? base;
  return name in binary || name in text ? name : undefined;
}

export type SniffResult = { ok: true; mimeType: string } | { ok: false; reason: "not_allowed" | "mismatch" };

/** Whether `bytes` may be stored as `declared`: allowed type and matching content. */
export function sniffMime(declared: string, bytes: Uint8Array): SniffResult {
  const mimeType = canonicalMimeType(declared);
  if (!mimeType) return { ok: false, reason: "not_allowed" };
  const check = binary[mimeType] ?? text[mimeType]!;
  return check(bytes) ? { ok: true, mimeType } : { ok: false, reason: "mismatch" };
}
