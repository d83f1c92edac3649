/** The longest grounds the reader's article page quotes whole; longer ones are cut at a word and link to the case. */
export const BRIEF_GROUNDS_CHARS = 240;

/**
 * A court case's grounds as the article page tells them beside the label: on one line (paragraphs and runs of
 * spaces become one space) and at most `max` characters, cut after the last whole word with "…" (`cut`: the
 * case page has the rest). Counted in code points, so a cut never splits an emoji or a surrogate pair.
 */
export function briefGrounds(grounds: string, max = BRIEF_GROUNDS_CHARS): { text: string; cut: boolean } {
  const line = grounds.replace(/\s+/g, " ").trim();
  const chars = Array.from(line);
  if (chars.length <= max) return { text: line, cut: false };
  const head = chars.slice(0, max).join("");
  const atWord = head.replace(/\s+\S*$/, "");
  const text = (atWord.length >= max / 2 ? atWord : head).replace(/[\s,;:.\-–—]+$/, "");
  return { text: `${text}…`, cut: true };
}
