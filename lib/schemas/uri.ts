import { z } from "zod";

// Every address the service stores and may later put in a link (outlet metadataURI, evidence and
// reply evidence, contributors' attribution, a revision's change summary, an article's source, an
// ad's click URL) passes one check (issue 25 item 5): its scheme is https:, http:, ipfs: or ar:, or
// it is this service's own vault address. Anything else (javascript:, data:, vbscript:, file:, …)
// is a 400 VALIDATION_ERROR naming the field. Pages render a stored value as a link only when it
// still passes (linkableUri), so rows stored before the check are shown as plain text.

export const STORED_URI_SCHEMES = ["https:", "http:", "ipfs:", "ar:"] as const;
export type StoredUriScheme = (typeof STORED_URI_SCHEMES)[number];

/** The vault's own download address, as POST /api/vault/upload answers it (relative to this site). */
const VAULT_URI = /^\/api\/vault\/[0-9a-f]{64}(?:\?download=(?:0|1|true|false))?$/;
const SCHEME = /^([a-zA-Z][a-zA-Z0-9+.-]*):/;
// no whitespace or control characters anywhere: browsers drop them inside a scheme ("java\tscript:")
const UNSAFE_CHARACTERS = /[\u0000-\u0020\u007f-\u009f]/;

/** The value's scheme ("https:", lower case) when it is one a stored URI may have; the vault's relative address is "vault". */
export function storedUriKind(value: string): StoredUriScheme | "vault" | undefined {
  if (UNSAFE_CHARACTERS.test(value)) return undefined;
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

function uriOf(schemes: readonly StoredUriScheme[], vault: boolean, message: string) {
  return z
    .string()
    .trim()
    .min(1)
    .max(2048)
    .refine((value) => {
      const kind = storedUriKind(value);
      return kind === "vault" ? vault : kind !== undefined && schemes.includes(kind);
    }, message);
}

/** A stored URI: https:, http:, ipfs:, ar: or this service's vault address. */
export const ZStoredUri = uriOf(STORED_URI_SCHEMES, true, "a URI starting with https://, http://, ipfs://, ar:// or a vault address (/api/vault/<id>)");

/** A stored URI that must be a web page (an article's source, an ad's click target): https: or http: only. */
export const ZWebUrl = uriOf(["https:", "http:"], false, "an http or https URL");

/** The href a page may put in a link for a stored value, or undefined: show it as plain text. */
export function linkableUri(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  const kind = storedUriKind(value);
  return kind === "https:" || kind === "http:" || kind === "vault" ? value : undefined;
}
