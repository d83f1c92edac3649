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

describe("a word diff of texts that share little", () => {
  it("says the whole text was replaced once the edits pass the limit, instead of searching on", () => {
    // 1,500 different words each side: 6,000 insertions and deletions, past MAX_WORD_DIFF_EDITS (the search took
    // over a minute for 8,000 words, on every request of the reader's history page)
    const before = Array.from({ length: 1500 }, (_, i) => `old${i}`).join(" ");
    const after = Array.from({ length: 1500 }, (_, i) => `new${i}`).join(" ");
    const changes = wordDiff(before, after);
    expect(changes).toEqual([
      { kind: "removed", text: before },
      { kind: "added", text: after },
    ]);
    expect(wordDiffStats(changes)).toEqual({ added: 1500, removed: 1500 });
    expect(wordDiff("", after)).toEqual([{ kind: "added", text: after }]);
    expect(wordDiff("", "")).toEqual([]);
  });

  it("still marks the words of an edit within the limit in a long text", () => {
    const words = Array.from({ length: 20_000 }, (_, i) => `w${i % 97}`);
    const edited = words.map((word, i) => (i % 100 === 0 ? "CHANGED" : word));
    const stats = wordDiffStats(wordDiff(words.join(" "), edited.join(" ")));
    expect(stats).toEqual({ added: 200, removed: 200 });
  });
});
