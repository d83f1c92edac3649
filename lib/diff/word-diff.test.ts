import { describe, expect, it } from "vitest";
import { articlePlainText } from "@/lib/markdown/plain-text";
import { wordDiff, wordDiffStats } from "./word-diff";

describe("reader's word diff of the rendered text", () => {
  it("marks only the changed words, and never Markdown syntax", () => {
    const before = articlePlainText("The works take **six weeks**, the [port](https://port.example) said.");
    const after = articlePlainText("The works take **eight weeks**, the [port authority](https://port.example/a) said.");
    const changes = wordDiff(before, after);
    expect(changes).toEqual([
      { kind: "same", text: "The works take " },
      { kind: "removed", text: "six" },
      { kind: "added", text: "eight" },
      { kind: "same", text: " weeks, the port " },
      { kind: "added", text: "authority " },
      { kind: "same", text: "said." },
    ]);
    expect(changes.map((c) => c.text).join("")).not.toMatch(/[*[\]()]|https/);
    expect(wordDiffStats(changes)).toEqual({ added: 2, removed: 1 });
  });

  it("the same text has no changes", () => {
    expect(wordDiff("a b", "a b")).toEqual([{ kind: "same", text: "a b" }]);
    expect(wordDiffStats(wordDiff("a b", "a b"))).toEqual({ added: 0, removed: 0 });
  });
});
