import { diffWordsWithSpace } from "diff";

// A reader's "what changed": one column of the newer text, with removed words struck through and
// added words marked, by the `diff` package's word diff over the plain text of the rendered article
// (lib/markdown/plain-text.ts), so Markdown syntax never shows up as a change.
//
// Myers' diff takes time (and memory) in the product of the texts' length and the number of edits
// between them: two unrelated bodies of 40,000 characters took over a minute of CPU, and the reader's
// history page diffs every published version against the one before on each request. Past
// MAX_WORD_DIFF_EDITS the diff stops looking and the change is said as the whole text replaced.

/** The most word and space insertions plus deletions a word diff looks for (about 1,000 changed words). */
export const MAX_WORD_DIFF_EDITS = 2000;

export type WordChange = { kind: "same" | "added" | "removed"; text: string };

export function wordDiff(oldText: string, newText: string): WordChange[] {
  if (oldText === newText) return oldText === "" ? [] : [{ kind: "same", text: oldText }];
  const parts = diffWordsWithSpace(oldText, newText, { maxEditLength: MAX_WORD_DIFF_EDITS });
  if (parts === undefined) {
    const replaced: WordChange[] = [];
    if (oldText !== "") replaced.push({ kind: "removed", text: oldText });
    if (newText !== "") replaced.push({ kind: "added", text: newText });
    return replaced;
  }
  const out: WordChange[] = [];
  for (const part of parts) {
    const kind = part.added ? "added" : part.removed ? "removed" : "same";
    const last = out[out.length - 1];
    if (last && last.kind === kind) last.text += part.value;
    else out.push({ kind, text: part.value });
  }
  return out;
}

/** How many words were added and removed (whitespace-separated), for a one-line summary. */
export function wordDiffStats(changes: WordChange[]): { added: number; removed: number } {
  const words = (text: string) => text.split(/\s+/).filter(Boolean).length;
  let added = 0;
  let removed = 0;
  for (const change of changes) {
    if (change.kind === "added") added += words(change.text);
    if (change.kind === "removed") removed += words(change.text);
  }
  return { added, removed };
}
