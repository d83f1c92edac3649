// The checks behind the stored-URI schemas (./uri.ts), without zod: pages and the article page's
// islands import them from here, so a browser bundle that only asks whether a value is linkable does
// not carry zod (the islands' script stays within its budget; docs/PERFORMANCE.md).

export const STORED_URI_SCHEMES = ["https:", "http:", "ipfs:", "ar:"] as const;
export type StoredUriScheme = (typeof STORED_URI_SCHEMES)[number];

/** The vault's own download address, as POST /api/vault/upload answers it (relative to this site). */
const VAULT_URI = /^\/api\/vault\/[0-9a-f]{64}(?:\?download=(?:0|1|true|false))?$/;
const SCHEME = /^([a-zA-Z][a-zA-Z0-9+.-]*):/;
// no whitespace or control characters anywhere: browsers drop them inside a scheme ("java\tscript:")
const UNSAFE_CHARACTERS = /[\u0000-\u0020\u007f-\u009f]/;
// nor bidirectional formatting characters (RFC 3987 §4.1: an IRI must not hold them): shown, they reorder the
// address a reader sees ("https://x.example.org/\u202Egnp.exe" reads as ".../exe.png")
const BIDI_FORMATTING = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
const BIDI_FORMATTING_ALL = new RegExp(BIDI_FORMATTING.source, "g");

/** The value's scheme ("https:", lower case) when it is one a stored URI may have; the vault's relative address is "vault". */
export function storedUriKind(value: string): StoredUriScheme | "vault" | undefined {
  if (UNSAFE_CHARACTERS.test(value) || BIDI_FORMATTING.test(value)) return undefined;
  if (VAULT_URI.test(value)) return "vault";
  const scheme = SCHEME.exec(value)?.[1]?.toLowerCase();
  if (scheme === "http" || scheme === "https") {
    if (!/^https?:\/\/[^/?#\\]/i.test(value)) return undefined; // an authority, as written (WHATWG would read https:///x as https://x/)
    try {
      const url = new URL(value);
      return url.hostname !== "" && (url.protocol === "http:" || url.protocol === "https:") ? url.protocol : undefined;
    } catch {
      return undefined;
    }
  }
  if (scheme === "ipfs" || scheme === "ar") return /^[a-z]+:\/\/[^/?#\\]/i.test(value) ? `${scheme}:` : undefined;
  return undefined;
}

/** The href a page may put in a link for a stored value, or undefined: show it as plain text. */
export function linkableUri(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  const kind = storedUriKind(value);
  return kind === "https:" || kind === "http:" || kind === "vault" ? value : undefined;
}

/**
 * A stored address as a page shows it: its bidirectional formatting characters written as their percent
 * escapes (as a browser's address bar does), so an address stored before they were refused, or put on chain
 * by a party outside this bridge, reads in the order it is stored.
 */
export function shownUri(value: string): string {
  return value.replace(BIDI_FORMATTING_ALL, (character) => encodeURIComponent(character));
}
