import { describe, expect, it } from "vitest";
import { diffStats, lineDiff, MAX_LINE_DIFF_EDITS, splitLines } from "./line-diff";

const compact = (oldText: string, newText: string) =>
  lineDiff(oldText, newText).map((line) => `${line.kind === "same" ? " " : line.kind === "added" ? "+" : "-"}${line.text}`);

describe("line diff (LCS)", () => {
  it("equal texts are all unchanged lines with both line numbers", () => {
    expect(lineDiff("a\nb", "a\nb")).toEqual([
      { kind: "same", text: "a", oldLine: 1, newLine: 1 },
      { kind: "same", text: "b", oldLine: 2, newLine: 2 },
    ]);
  });

  it("a changed middle line is one removal and one addition, context kept", () => {
    expect(compact("title\nThe vote was 5-4.\nend", "title\nThe vote was 6-3.\nend")).toEqual([" title", "-The vote was 5-4.", "+The vote was 6-3.", " end"]);
  });

  it("finds the longest common subsequence, not just a common prefix", () => {
    const diff = compact("a\nb\nc\nd\ne", "b\nc\nx\ne\nf");
    expect(diff).toEqual(["-a", " b", " c", "-d", "+x", " e", "+f"]);
    expect(diffStats(lineDiff("a\nb\nc\nd\ne", "b\nc\nx\ne\nf"))).toEqual({ added: 2, removed: 2, same: 3 });
  });

  it("numbers lines on each side", () => {
    const diff = lineDiff("one\ntwo\nthree", "zero\none\nthree");
    expect(diff).toEqual([
      { kind: "added", text: "zero", newLine: 1 },
      { kind: "same", text: "one", oldLine: 1, newLine: 2 },
      { kind: "removed", text: "two", oldLine: 2 },
      { kind: "same", text: "three", oldLine: 3, newLine: 3 },
    ]);
  });

  it("handles empty sides, CRLF and repeated lines", () => {
    expect(compact("", "a\nb")).toEqual(["+a", "+b"]);
    expect(compact("a\nb", "")).toEqual(["-a", "-b"]);
    expect(compact("", "")).toEqual([]);
    expect(compact("a\r\nb", "a\nb")).toEqual([" a", " b"]);
    expect(compact("x\nx\nx", "x\nx")).toEqual([" x", " x", "-x"]);
    expect(splitLines("a\n")).toEqual(["a", ""]);
  });

  it("past its bound of edits, says the whole body was replaced instead of searching on", () => {
    // Paragraphs apart by blank lines, as Markdown bodies are: an unbounded search pairs the blank lines.
    const body = (word: string) => Array.from({ length: 1500 }, (_, i) => `${word} paragraph ${i}`).join("\n\n");
    const oldBody = body("old");
    const newBody = body("new");
    expect(splitLines(oldBody).length * 2).toBeGreaterThan(MAX_LINE_DIFF_EDITS);
    const lines = lineDiff(oldBody, newBody);
    expect(diffStats(lines)).toEqual({ added: 2999, removed: 2999, same: 0 });
    expect(lines[0]).toEqual({ kind: "removed", text: "old paragraph 0", oldLine: 1 });
    expect(lines[2999]).toEqual({ kind: "added", text: "new paragraph 0", newLine: 1 });
    // within the bound, the blank lines still match
    expect(diffStats(lineDiff(body("old").split("\n\n").slice(0, 100).join("\n\n"), body("new").split("\n\n").slice(0, 100).join("\n\n"))).same).toBe(99);
  });
});
