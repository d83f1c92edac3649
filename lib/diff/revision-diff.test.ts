import { describe, expect, it } from "vitest";
import { MAX_LINE_WORD_EDITS, revisionDiff, rowStats, type DiffSide } from "./revision-diff";

const marked = (side: DiffSide | undefined) => side?.segments.map((s) => (s.changed ? `[${s.text}]` : s.text)).join("");

describe("word-level revision diff", () => {
  it("marks only the changed words of a changed line, on both sides", () => {
    const rows = revisionDiff("title\nThe council vote was 5-4 on Tuesday.\nend", "title\nThe council vote was 6-3 on Wednesday.\nend");
    expect(rows.map((r) => r.kind)).toEqual(["same", "changed", "same"]);
    const changed = rows[1];
    if (changed?.kind !== "changed") throw new Error("expected a changed row");
    expect(marked(changed.old)).toBe("The council vote was [5]-[4] on [Tuesday].");
    expect(marked(changed.new)).toBe("The council vote was [6]-[3] on [Wednesday].");
    expect(changed.old.line).toBe(2);
    expect(changed.new.line).toBe(2);
  });

  it("pairs the n-th removed line with the n-th added one; the rest are whole additions or removals", () => {
    const rows = revisionDiff("a\nold one\nold two\nz", "a\nnew one\nz\nextra");
    expect(rows.map((r) => r.kind)).toEqual(["same", "changed", "removed", "same", "added"]);
    const removed = rows[2];
    expect(removed?.kind === "removed" && marked(removed.old)).toBe("old two");
    const added = rows[4];
    expect(added?.kind === "added" && added.new).toEqual({ line: 4, segments: [{ text: "extra", changed: false }] });
  });

  it("identical and empty texts give only unchanged rows or none", () => {
    expect(revisionDiff("x\ny", "x\ny").every((r) => r.kind === "same")).toBe(true);
    expect(revisionDiff("", "")).toEqual([]);
    expect(revisionDiff("", "new").map((r) => r.kind)).toEqual(["added"]);
  });

  it("marks a pair of lines too different to diff word by word as changed whole", () => {
    const line = (word: string) => Array.from({ length: 300 }, (_, i) => `${word}${i}`).join(" ");
    expect(600).toBeGreaterThan(MAX_LINE_WORD_EDITS);
    const rows = revisionDiff(`title\n${line("old")}`, `title\n${line("new")}`);
    const changed = rows[1];
    if (changed?.kind !== "changed") throw new Error("expected a changed row");
    expect(changed.old.segments).toEqual([{ text: line("old"), changed: true }]);
    expect(changed.new.segments).toEqual([{ text: line("new"), changed: true }]);
  });

  it("counts lines added, removed and unchanged from the rows", () => {
    expect(rowStats(revisionDiff("a\nold one\nold two\nz", "a\nnew one\nz\nextra"))).toEqual({ added: 2, removed: 2, same: 2 });
  });
});
