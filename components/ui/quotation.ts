// Quoting a passage inside our own curly quotes: double quotes inside it become single ones, as
// typesetting nests them (“He said ‘no’”), and a sentence that ends on the quote gets no second full stop.

/** The passage between “ and ”, its own double quotes turned into single curly ones. */
export function quoted(text: string): string {
  return `“${quotedInner(text)}”`;
}

/** The passage as `quoted` puts it between the marks (trimmed, its double quotes made single), without the marks. */
export function quotedInner(text: string): string {
  let opening = true;
  return text.trim().replace(/["“”„]/g, (mark) => {
    if (mark === "“" || mark === "„") return "‘";
    if (mark === "”") return "’";
    const single = opening ? "‘" : "’";
    opening = !opening;
    return single;
  });
}

/** The full stop a sentence needs after a quoted passage: none when the passage already ends one. */
export function stopAfter(text: string): string {
  return /[.!?…]["”’']*$/.test(text.trim()) ? "" : ".";
}
