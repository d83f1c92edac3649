import { diffArrays } from "diff";

// A line diff of two bodies, by the `diff` package's Myers algorithm over whole lines (one token per
// line, so a missing trailing newline is not a change).

export type DiffLine =
  | { kind: "same"; text: string; oldLine: number; newLine: number }
  | { kind: "removed"; text: string; oldLine: number }
  | { kind: "added"; text: string; newLine: number };

export const splitLines = (text: string): string[] => (text === "" ? [] : text.replace(/\r\n?/g, "\n").split("\n"));

export function lineDiff(oldText: string, newText: string): DiffLine[] {
  const out: DiffLine[] = [];
  let oldLine = 1;
  let newLine = 1;
  for (const change of diffArrays(splitLines(oldText), splitLines(newText))) {
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
