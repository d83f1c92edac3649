// Provider URLs carry credentials in three places: userinfo (`https://user:pass@host`), query values
// (`?apikey=…`, `?dkey=…`) and the path (`/v3/<Infura key>`, `/v2/<Alchemy key>`, `/<QuickNode token>/`).
// These helpers mask all three and keep the rest (scheme, host, port, path shape, query names), so an
// operator can still see which endpoint is configured. Pure: no imports, safe for lib/log.ts.

export const REDACTED = "[redacted]";

// Segments that name a key slot: whatever follows them is a credential even when it is short.
const KEY_MARKERS = new Set(["v1", "v2", "v3", "key", "keys", "apikey", "api-key", "api_key", "token", "auth", "secret", "access"]);

const TOKEN_CHARS = /^[A-Za-z0-9_~+=.-]+$/;

/** A path segment that looks like a key: long hex, a UUID, or a long token with digits or mixed case. */
export function isKeyLike(segment: string): boolean {
  let value: string;
  try {
    value = decodeURIComponent(segment);
  } catch {
    value = segment;
  }
  if (value.length < 16 || !TOKEN_CHARS.test(value)) return false;
  if (/^(0x)?[0-9a-fA-F]{16,}$/.test(value)) return true;
  if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value)) return true;
  const hasDigit = /[0-9]/.test(value);
  const mixedCase = /[a-z]/.test(value) && /[A-Z]/.test(value);
  return hasDigit || (mixedCase && value.length >= 20);
}

function redactPath(pathname: string): string {
  const segments = pathname.split("/");
  return segments
    .map((segment, i) => {
      if (segment === "") return segment;
      const previous = segments[i - 1]?.toLowerCase() ?? "";
      if (isKeyLike(segment)) return REDACTED;
      if (KEY_MARKERS.has(previous) && segment.length >= 6 && TOKEN_CHARS.test(segment)) return REDACTED;
      return segment;
    })
    .join("/");
}

function redactQuery(search: string): string {
  if (search === "" || search === "?") return search;
  const parts = search.slice(1).split("&").map((pair) => {
    const eq = pair.indexOf("=");
    // a bare item ("?s3cr3t") has no name to keep: all of it may be the credential, however short
    if (eq < 0) return pair === "" ? pair : REDACTED;
    return `${pair.slice(0, eq)}=${REDACTED}`;
  });
  return `?${parts.join("&")}`;
}

/**
 * Masks the secret parts of one URL: userinfo, every query value, key-like path segments and the
 * fragment. A value that is not an absolute URL is returned unchanged.
 */
export function redactUrl(value: string): string {
  const match = /^([a-z][a-z0-9+.-]*:\/\/)([^/?#]*)([^?#]*)(\?[^#]*)?(#.*)?$/i.exec(value);
  if (!match) return value;
  const [, scheme = "", authority = "", path = "", query = "", fragment = ""] = match;
  const at = authority.lastIndexOf("@");
  const host = at >= 0 ? `${REDACTED}@${authority.slice(at + 1)}` : authority;
  return `${scheme}${host}${redactPath(path)}${redactQuery(query)}${fragment ? `#${REDACTED}` : ""}`;
}

/** The values redactUrl masks (userinfo, query values, key-like segments), to register as log secrets. */
export function urlSecretParts(value: string): string[] {
  const match = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)([^?#]*)(\?[^#]*)?/i.exec(value);
  if (!match) return [];
  const [, authority = "", path = "", query = ""] = match;
  const parts: string[] = [];
  const at = authority.lastIndexOf("@");
  // the password is secret; a user name alone ("postgres") is not, and registering it would mask the word everywhere
  if (at >= 0) parts.push(...authority.slice(0, at).split(":").slice(1));
  const masked = redactPath(path).split("/");
  path.split("/").forEach((segment, i) => masked[i] !== segment && parts.push(segment));
  for (const pair of query.slice(1).split("&")) {
    const eq = pair.indexOf("=");
    parts.push(eq >= 0 ? pair.slice(eq + 1) : pair);
  }
  return parts.filter((part) => part.length > 0);
}

/** True when redactUrl changes the value (something secret-looking was masked). */
export const urlHasSecrets = (value: string): boolean => redactUrl(value) !== value;

const URL_IN_TEXT = /\b[a-z][a-z0-9+.-]*:\/\/[^\s"'<>`]+/gi;

/** Masks every absolute URL found in free text (log lines, error messages). */
export function redactUrlsInText(text: string): string {
  return text.replace(URL_IN_TEXT, (url) => redactUrl(url));
}
