// How many emphasis, strikethrough and link marks one paragraph holds. micromark resolves `*`, `_` and `~` runs
// (emphasis, GFM strikethrough) and `]` (the end of a link or image label) by looking back over every mark before
// them in the same paragraph, so its time grows with the square of their number: one paragraph of 40,000 `*a`
// (80,000 characters) took over a minute of CPU, 64,000 `]` as long, and a 200,000-character body of them
// several minutes, with the one server process blocked throughout. An article body goes through the parser on
// the reader's page, in every listing's excerpt and in the revision history, so one such article would stop the
// site for everyone; on the desk, the same body freezes the preview of every Editor who opens it. Bodies are
// refused past MAX_INLINE_MARKS in one paragraph (capsules.schema.ts), and what the parser is given has the
// marks past it turned into their full-width look-alikes (markdown-pipeline.ts, render-markdown.ts) for rows
// stored before. Paragraphs are counted between blank lines, which no paragraph crosses, so the count is never
// below a paragraph's own (a list or table without blank lines counts as one).

/** The most `*`, `_`, `~`, `[` and `]` one paragraph (text between blank lines) may hold. */
export const MAX_INLINE_MARKS = 1000;

const MARKS = /[*_~[\]]/g;
const BLANK = /^[ \t]*$/;
/** Each mark's full-width form: one UTF-16 unit like the mark, so every source offset stays where it was. */
const LOOK_ALIKE: Record<string, string> = { "*": "\uff0a", _: "\uff3f", "~": "\uff5e", "[": "\uff3b", "]": "\uff3d" };

const marksIn = (text: string) => text.match(MARKS)?.length ?? 0;

/** The 1-based line where the first paragraph holding more than MAX_INLINE_MARKS marks starts, if any. */
export function tooManyInlineMarksLine(source: string): number | undefined {
  if (marksIn(source) <= MAX_INLINE_MARKS) return undefined;
  const lines = source.split(/\r\n?|\n/);
  let start = 0;
  let count = 0;
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    if (BLANK.test(line)) {
      count = 0;
      start = index + 1;
      continue;
    }
    count += marksIn(line);
    if (count > MAX_INLINE_MARKS) return start + 1;
  }
  return undefined;
}

/**
 * The source (line breaks already `\n`) with every mark past MAX_INLINE_MARKS in a paragraph turned into its
 * full-width look-alike, which Markdown gives no meaning: the words stay and each offset keeps its place.
 */
export function limitInlineMarks(source: string): string {
  if (marksIn(source) <= MAX_INLINE_MARKS) return source;
  let count = 0;
  return source
    .split("\n")
    .map((line) => {
      if (BLANK.test(line)) {
        count = 0;
        return line;
      }
      return line.replace(MARKS, (mark) => (++count > MAX_INLINE_MARKS ? LOOK_ALIKE[mark]! : mark));
    })
    .join("\n");
}
