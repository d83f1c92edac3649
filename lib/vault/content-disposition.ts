// The Content-Disposition of a vault download (RFC 6266): `filename="…"` for old clients, a quoted-string in
// which only printable ASCII is kept and `"` and `\` — the quoted-string's delimiter and its escape — become `_`
// (a name ending in `\` would otherwise escape the closing quote and run the header on); and `filename*` with the
// exact name in UTF-8, percent-encoding everything but RFC 8187's attr-char (encodeURIComponent leaves `'`, `(`,
// `)` and `*`, which ext-value does not allow: `'` is its own delimiter).

const NOT_QUOTABLE = /[^\x20-\x7e]|["\\]/g;
const NOT_ATTR_CHAR = /['()*]/g;
// encodeURIComponent throws on a lone UTF-16 surrogate (none is taken now; a name stored before could hold one)
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** A Content-Disposition header value that downloads `filename` as an attachment under that name. */
export function attachmentDisposition(filename: string): string {
  const fallback = filename.replace(NOT_QUOTABLE, "_");
  const encoded = encodeURIComponent(filename.replace(LONE_SURROGATE, "\uFFFD")).replace(NOT_ATTR_CHAR, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
