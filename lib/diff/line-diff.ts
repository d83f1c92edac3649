import { diffArrays } from "diff";

// A line diff of two bodies, by the `diff` package's Myers algorithm over whole lines (one token per
// line, so a missing trailing newline is not a change).
//
// Myers' search takes time in the product of the texts' length and the number of edits between them,
// and this diff runs in an Editor's browser tab: two unrelated bodies of 5,000 lines would hold the tab
// for seconds. Past MAX_LINE_DIFF_EDITS the diff stops looking and says the whole body was replaced.

/** The most line insertions plus deletions a line diff looks for. */
export const MAX_LINE_DIFF_EDITS = 2000;

export type DiffLine =
  | { kind: "same"; text: string; oldLine: number; newLine: number }
  | { kind: "removed"; text: string; oldLine: number }
  | { kind: "added"; text: string; newLine: number };

export const splitLines = (text: string): string[] => (text === "" ? [] : text.replace(/\r\n?/g, "\n").split("\n"));

export function lineDiff(oldText: string, newText: string): DiffLine[] {
  const out: DiffLine[] = [];
  let oldLine = 1;
  let newLine = 1;
  const oldLines = splitLines(oldText);
  const newLines = splitLines(newText);
  const changes = diffArrays(oldLines, newLines, { maxEditLength: MAX_LINE_DIFF_EDITS }) ?? [
    { value: oldLines, removed: true, added: false, count: oldLines.length },
    { value: newLines, removed: false, added: true, count: newLines.length },
  ];
  for (const change of changes) {
    for (const text of change.value) {
      if (change.removed) out.push({ kind: "removed", text, oldLine: oldLine++ });
      else if (change.added) out.push({ kind: "added", text, newLine: newLine++ });
      else out.push({ kind: "same", text, oldLine: oldLine++, newLine: newLine++ });
    }
  }
  return out;
}

export function diffStats(lines: DiffLine[]): { added: number; removed: number; same: number } {
  const stats = { added: 0, removed: 0, same: 0 };
  for (const line of lines) stats[line.kind] += 1;
  return stats;
}
