import { diffWordsWithSpace } from "diff";

// A reader's "what changed": one column of the newer text, with removed words struck through and
// added words marked, by the `diff` package's word diff over the plain text of the rendered article
// (lib/markdown/plain-text.ts), so Markdown syntax never shows up as a change.

export type WordChange = { kind: "same" | "added" | "removed"; text: string };

export function wordDiff(oldText: string, newText: string): WordChange[] {
  const out: WordChange[] = [];
  for (const part of diffWordsWithSpace(oldText, newText)) {
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
