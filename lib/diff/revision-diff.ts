import { diffWordsWithSpace } from "diff";
import { lineDiff, type DiffLine } from "./line-diff";

// Rows for a side-by-side diff: unchanged lines pair with themselves; within a run of removed lines
// followed by added lines, the n-th removed pairs with the n-th added and both get word-level
// segments (diffWordsWithSpace), so "5-4" → "6-3" marks only the changed words.

export type Segment = { text: string; changed: boolean };
export type DiffSide = { line: number; segments: Segment[] };
export type DiffRow =
  | { kind: "same"; old: DiffSide; new: DiffSide }
  | { kind: "changed"; old: DiffSide; new: DiffSide }
  | { kind: "removed"; old: DiffSide }
  | { kind: "added"; new: DiffSide };

const whole = (text: string): Segment[] => [{ text, changed: false }];

function wordSegments(oldText: string, newText: string): { old: Segment[]; new: Segment[] } {
  const out = { old: [] as Segment[], new: [] as Segment[] };
  for (const part of diffWordsWithSpace(oldText, newText)) {
    if (!part.added) out.old.push({ text: part.value, changed: part.removed });
    if (!part.removed) out.new.push({ text: part.value, changed: part.added });
  }
  return out;
}

export function revisionDiff(oldText: string, newText: string): DiffRow[] {
  const lines = lineDiff(oldText, newText);
  const rows: DiffRow[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i] as DiffLine;
    if (line.kind === "same") {
      rows.push({ kind: "same", old: { line: line.oldLine, segments: whole(line.text) }, new: { line: line.newLine, segments: whole(line.text) } });
      i += 1;
      continue;
    }
    const removed: Extract<DiffLine, { kind: "removed" }>[] = [];
    const added: Extract<DiffLine, { kind: "added" }>[] = [];
    while (i < lines.length && lines[i]?.kind === "removed") removed.push(lines[i++] as (typeof removed)[number]);
    while (i < lines.length && lines[i]?.kind === "added") added.push(lines[i++] as (typeof added)[number]);
    for (let k = 0; k < Math.max(removed.length, added.length); k += 1) {
      const before = removed[k];
      const after = added[k];
      if (before && after) {
        const words = wordSegments(before.text, after.text);
        rows.push({ kind: "changed", old: { line: before.oldLine, segments: words.old }, new: { line: after.newLine, segments: words.new } });
      } else if (before) rows.push({ kind: "removed", old: { line: before.oldLine, segments: whole(before.text) } });
      else if (after) rows.push({ kind: "added", new: { line: after.newLine, segments: whole(after.text) } });
    }
  }
  return rows;
}
