import { diffWordsWithSpace } from "diff";
import { lineDiff, type DiffLine } from "./line-diff";

// Rows for a side-by-side diff: unchanged lines pair with themselves; within a run of removed lines
// followed by added lines, the n-th removed pairs with the n-th added and both get word-level
// segments (diffWordsWithSpace), so "5-4" → "6-3" marks only the changed words. A pair of lines
// too different to diff within MAX_LINE_WORD_EDITS is marked changed as a whole.

/** The most word and space insertions plus deletions looked for within one pair of lines. */
export const MAX_LINE_WORD_EDITS = 400;

export type Segment = { text: string; changed: boolean };
export type DiffSide = { line: number; segments: Segment[] };
export type DiffRow =
  | { kind: "same"; old: DiffSide; new: DiffSide }
  | { kind: "changed"; old: DiffSide; new: DiffSide }
  | { kind: "removed"; old: DiffSide }
  | { kind: "added"; new: DiffSide };

const whole = (text: string): Segment[] => [{ text, changed: false }];

function wordSegments(oldText: string, newText: string): { old: Segment[]; new: Segment[] } {
  const parts = diffWordsWithSpace(oldText, newText, { maxEditLength: MAX_LINE_WORD_EDITS });
  if (parts === undefined) return { old: [{ text: oldText, changed: true }], new: [{ text: newText, changed: true }] };
  const out = { old: [] as Segment[], new: [] as Segment[] };
  for (const part of parts) {
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

/** Lines added, removed and unchanged, counted from the rows (a changed row is one of each). */
export function rowStats(rows: DiffRow[]): { added: number; removed: number; same: number } {
  const stats = { added: 0, removed: 0, same: 0 };
  for (const row of rows) {
    if (row.kind === "same") stats.same += 1;
    if (row.kind === "changed" || row.kind === "added") stats.added += 1;
    if (row.kind === "changed" || row.kind === "removed") stats.removed += 1;
  }
  return stats;
}
