// Claims are anchored to the article by a W3C Web Annotation TextQuoteSelector: the `exact` text,
// with optional `prefix` and `suffix` that tell apart repeated quotes. A selector matches when
// prefix + exact + suffix occurs in the body verbatim (no normalisation: the body is the committed
// text, hashed byte for byte).

export type TextQuote = { exact: string; prefix: string; suffix: string };

/** The offset of `exact` in the body at its first match, or -1. */
export function quoteOffset(body: string, quote: TextQuote): number {
  if (quote.exact.length === 0) return -1;
  const at = body.indexOf(quote.prefix + quote.exact + quote.suffix);
  return at < 0 ? -1 : at + quote.prefix.length;
}

export const quoteMatches = (body: string, quote: TextQuote): boolean => quoteOffset(body, quote) >= 0;

/**
 * A selector for the body's text between `start` and `end`, with as much context (up to
 * `context` characters each side) as needed for it to point at that place and not an earlier one.
 */
export function selectorAt(body: string, start: number, end: number, context = 32): TextQuote {
  const exact = body.slice(start, end);
  for (let n = 0; n <= context; n += 8) {
    const quote = { exact, prefix: body.slice(Math.max(0, start - n), start), suffix: body.slice(end, end + n) };
    if (quoteOffset(body, quote) === start) return quote;
  }
  return { exact, prefix: body.slice(Math.max(0, start - context), start), suffix: body.slice(end, end + context) };
}
