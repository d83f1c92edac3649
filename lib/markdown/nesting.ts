// How deep Markdown containers nest. Each `>` and each list marker at the start of a line opens one more
// blockquote or list level, and the remark/micromark packages walk those levels recursively and in more than
// linear time: 4,000 nested quotes ("> > > …", 8,000 characters) overflow the stack, and 4,000 nested list
// markers ("- - - …") spend half a minute of CPU before they do. An article body goes through the parser on
// the reader's page and in every listing's excerpt, so one such article would stop the front page and the
// feeds for everyone. Bodies are refused past MAX_MARKDOWN_NESTING (capsules.schema.ts), and what the
// parser is given is cut to it (markdown-pipeline.ts, render-markdown.ts) for rows stored before.

/** The most container markers (`>` and list markers) one line may open; more is never prose. */
export const MAX_MARKDOWN_NESTING = 32;

// one container marker with the whitespace before it: a quote marker, or a list bullet or ordinal followed by
// whitespace or the end of the line (a bullet without a space is text, "***" a thematic break)
const MARKER = /[ \t]*(?:>|(?:[-+*]|[0-9]{1,9}[.)])(?=[ \t]|$))/y;

/** The container markers opening `line`, and where each one's match ends. */
function markerEnds(line: string): number[] {
  const ends: number[] = [];
  MARKER.lastIndex = 0;
  while (MARKER.exec(line)) ends.push(MARKER.lastIndex);
  return ends;
}

/** The 1-based number of the first line that opens more than MAX_MARKDOWN_NESTING containers, if any. */
export function tooDeeplyNestedLine(source: string): number | undefined {
  const lines = source.split(/\r\n?|\n/);
  const index = lines.findIndex((line) => markerEnds(line).length > MAX_MARKDOWN_NESTING);
  return index < 0 ? undefined : index + 1;
}

/**
 * The source with every marker past MAX_MARKDOWN_NESTING on a line turned into no-break spaces, one for each
 * character they took, so the rest of the line is text in the deepest container allowed and every offset in the
 * source stays where it was (claims are located by source offsets).
 */
export function limitNesting(source: string): string {
  if (!source.includes(">") && !/[-+*.)][ \t]/.test(source)) return source;
  return source.replace(/[^\r\n]+/g, (line) => {
    const ends = markerEnds(line);
    if (ends.length <= MAX_MARKDOWN_NESTING) return line;
    // the last marker kept keeps the space after it (a bullet is a bullet only with one)
    const last = ends[MAX_MARKDOWN_NESTING - 1]!;
    const from = line[last] === " " || line[last] === "\t" ? last + 1 : last;
    const to = ends[ends.length - 1]!;
    return line.slice(0, from) + "\u00a0".repeat(to - from) + line.slice(to);
  });
}
