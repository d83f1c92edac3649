// The editor toolbar's commands as pure edits of the Markdown source: given the text and the
// selection, the new text and the selection to restore. Inline marks wrap the selection (or a
// placeholder word, selected so typing replaces it); block marks prefix every selected line and
// toggle off when every line already has the prefix.

export type Selection = { start: number; end: number };
export type Edit = { text: string; selection: Selection };
export type FormatCommand = "heading" | "bold" | "italic" | "link" | "list" | "quote";

/** How many `char` run back from `at` (dir -1) or forward from it (dir 1). */
function runLength(text: string, at: number, dir: -1 | 1, char: string): number {
  let n = 0;
  while (text[dir === -1 ? at - 1 - n : at + n] === char) n += 1;
  return n;
}

/** Whether the selection already carries this mark: "*" is italic on a run of 1 or 3, "**" bold on a run of 2 or 3. */
function isMarked(text: string, sel: Selection, mark: string): boolean {
  const char = mark[0] ?? "";
  const runs = [runLength(text, sel.start, -1, char), runLength(text, sel.end, 1, char)];
  return runs.every((n) => (mark.length === 1 ? n % 2 === 1 : n >= 2));
}

function wrap(text: string, sel: Selection, before: string, after: string, placeholder: string): Edit {
  const chosen = text.slice(sel.start, sel.end);
  // toggling off: the selection is already wrapped by the marks
  if (chosen && isMarked(text, sel, before)) {
    const next = text.slice(0, sel.start - before.length) + chosen + text.slice(sel.end + after.length);
    return { text: next, selection: { start: sel.start - before.length, end: sel.end - before.length } };
  }
  const inner = chosen || placeholder;
  const next = text.slice(0, sel.start) + before + inner + after + text.slice(sel.end);
  return { text: next, selection: { start: sel.start + before.length, end: sel.start + before.length + inner.length } };
}

function prefixLines(text: string, sel: Selection, prefix: string, matcher: RegExp): Edit {
  const lineStart = text.lastIndexOf("\n", sel.start - 1) + 1;
  const endNewline = text.indexOf("\n", Math.max(sel.end - (sel.end > sel.start && text[sel.end - 1] === "\n" ? 1 : 0), sel.start));
  const lineEnd = endNewline === -1 ? text.length : endNewline;
  const lines = text.slice(lineStart, lineEnd).split("\n");
  const allPrefixed = lines.every((line) => matcher.test(line) || line.trim() === "");
  const changed = lines.map((line) => (line.trim() === "" ? line : allPrefixed ? line.replace(matcher, "") : prefix + line.replace(matcher, "")));
  const block = changed.join("\n");
  const next = text.slice(0, lineStart) + block + text.slice(lineEnd);
  if (sel.start === sel.end && lines.length === 1) {
    const caret = Math.max(lineStart, sel.start + (block.length - (lineEnd - lineStart)));
    return { text: next, selection: { start: caret, end: caret } };
  }
  return { text: next, selection: { start: lineStart, end: lineStart + block.length } };
}

export function applyFormat(command: FormatCommand, text: string, sel: Selection): Edit {
  switch (command) {
    case "bold":
      return wrap(text, sel, "**", "**", "bold text");
    case "italic":
      return wrap(text, sel, "*", "*", "italic text");
    case "link": {
      const chosen = text.slice(sel.start, sel.end) || "link text";
      const next = `${text.slice(0, sel.start)}[${chosen}](https://)${text.slice(sel.end)}`;
      // the address is selected, ready to be pasted over
      const urlStart = sel.start + chosen.length + 3;
      return { text: next, selection: { start: urlStart, end: urlStart + "https://".length } };
    }
    case "heading":
      return prefixLines(text, sel, "## ", /^#{1,6} /);
    case "list":
      return prefixLines(text, sel, "- ", /^[-*+] /);
    case "quote":
      return prefixLines(text, sel, "> ", /^> ?/);
  }
}

/** Words of prose (whitespace-separated), and minutes to read at 230 words a minute (at least 1 for any text). */
export function readingStats(plainText: string): { words: number; minutes: number } {
  const words = plainText.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
  return { words, minutes: words === 0 ? 0 : Math.max(1, Math.round(words / 230)) };
}
