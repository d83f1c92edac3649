import { describe, expect, it } from "vitest";
import { articleExcerpt, articlePlainText, truncateWords } from "./plain-text";

describe("plain text of the rendered article (excerpts, feed summaries, diffs)", () => {
  const body = [
    "## Background",
    "",
    "The council published the [published tender](https://council.example/tender.pdf) on **Monday**, and _nobody_ objected.[^1]",
    "",
    "- first item",
    "- second `item`",
    "",
    "> A quoted line",
    "",
    "```",
    "const code = 1;",
    "```",
    "",
    "| a | b |",
    "|---|---|",
    "| 1 | 2 |",
    "",
    `![a map](/api/vault/${"ab".repeat(32)})`,
    "",
    "[^1]: The footnote.",
  ].join("\n");

  it("an excerpt has no Markdown: no link targets, marks, heading hashes, code, tables or footnotes", () => {
    const excerpt = articleExcerpt({ body });
    expect(excerpt).toBe("The council published the published tender on Monday, and nobody objected. first item second item A quoted line");
    expect(excerpt).not.toMatch(/[[\]()*_#`|]|https?:/);
  });

  it("the standfirst wins over the body, and is cut at a word", () => {
    expect(articleExcerpt({ standfirst: "  The port  works start later. ", body })).toBe("The port works start later.");
    const long = articleExcerpt({ standfirst: "word ".repeat(100), body }, 50);
    expect(long.length).toBeLessThanOrEqual(50);
    expect(long).toMatch(/word…$/);
    expect(articleExcerpt({ standfirst: "", body: "# Only a heading\n\nThen prose." })).toBe("Then prose.");
  });

  it("the whole rendered text keeps headings and each block on its own line", () => {
    expect(articlePlainText("# Title\n\nOne **two**.\n\n- a\n- b")).toBe("Title\nOne two.\na\nb");
    expect(articlePlainText("<b>raw</b> stays as text")).toBe("<b>raw</b> stays as text");
  });

  it("truncateWords leaves short text alone and never ends on punctuation before the ellipsis", () => {
    expect(truncateWords("short", 10)).toBe("short");
    expect(truncateWords("alpha beta, gamma delta epsilon", 13)).toBe("alpha beta…");
  });
});
