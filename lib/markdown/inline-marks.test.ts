import { describe, expect, it } from "vitest";
import { createElement, Fragment } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { Root } from "mdast";
import { ZCreateCapsuleBody, ZUpdateCapsuleBody } from "@/features/capsules/capsules.schema";
import { parseMarkdown } from "./markdown-pipeline";
import { MAX_INLINE_MARKS, limitInlineMarks, tooManyInlineMarksLine } from "./inline-marks";
import { articleExcerpt, articlePlainText } from "./plain-text";
import { renderMarkdown } from "./render-markdown";

// One paragraph of tens of thousands of `*a` or `]` took micromark minutes of CPU (its emphasis and label-end
// resolvers look back over every mark before them), on the reader's page, in every listing's excerpt and in the
// revision history: refused in new bodies, and made plain past MAX_INLINE_MARKS per paragraph in what the parser is given.

/** How many nodes of `type` a Markdown tree holds, counted without recursion. */
function countNodes(tree: Root, type: string): number {
  let count = 0;
  const stack: Array<{ type: string; children?: unknown[] }> = [tree];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.type === type) count++;
    for (const child of node.children ?? []) stack.push(child as { type: string; children?: unknown[] });
  }
  return count;
}

const html = (source: string) => renderToStaticMarkup(createElement(Fragment, null, ...renderMarkdown(source)));

describe("emphasis and link marks in one paragraph", () => {
  it("makes the marks past the limit plain in the tree, the page, the plain text and the excerpt", () => {
    const source = `${"*a* ".repeat(MAX_INLINE_MARKS / 2)}${"*b* ".repeat(20)}and ${"]".repeat(30_000)} the last word`;
    // the first 500 pairs stay emphasis; the pairs past the 1,000th mark are full-width text
    expect(countNodes(parseMarkdown(source), "emphasis")).toBe(MAX_INLINE_MARKS / 2);
    expect(html(source)).toContain("\uff0ab\uff0a");
    expect(html(source)).toContain("the last word");
    expect(articlePlainText(source)).toContain(`${"\uff3d".repeat(30_000)} the last word`);
    expect(articleExcerpt({ body: source })).toContain("a");
  });

  it("counts each paragraph apart, keeps ordinary text as it is and every offset where it was", () => {
    const paragraph = "*a* _b_ ~~c~~ [d](https://example.org/e_f) ".repeat(60); // 660 marks
    const body = `${paragraph}\n\n${paragraph}\n \t\n${paragraph}`;
    expect(tooManyInlineMarksLine(body)).toBeUndefined();
    expect(limitInlineMarks(body)).toBe(body);
    const joined = `${paragraph}\n${paragraph}`;
    expect(tooManyInlineMarksLine(`intro\n\n${joined}`)).toBe(3);
    const limited = limitInlineMarks(`${joined}\n\nafter *x*`);
    expect(limited.length).toBe(joined.length + "\n\nafter *x*".length);
    expect(limited.endsWith("\n\nafter *x*")).toBe(true);
    expect(limited.slice(0, joined.length).match(/[*_~[\]]/g)).toHaveLength(MAX_INLINE_MARKS);
  });

  it("refuses a new or edited body with a paragraph past the limit, naming the line it starts on", () => {
    const base = { title: "Harbour bridge reopens", outletSlug: "harbour-gazette" };
    expect(ZCreateCapsuleBody.safeParse({ ...base, body: `Intro\n\n${"*a".repeat(MAX_INLINE_MARKS)}` }).success).toBe(true);
    const message = `the paragraph from line 3 holds more than 1,000 of * _ ~ [ ]; split it with a blank line`;
    const created = ZCreateCapsuleBody.safeParse({ ...base, body: `Intro\n\n${"*a".repeat(MAX_INLINE_MARKS)}\n]` });
    expect(created.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([["body", message]]);
    const updated = ZUpdateCapsuleBody.safeParse({ capsuleId: "1", body: `Intro\r\n\r\n${"]".repeat(MAX_INLINE_MARKS + 1)}` });
    expect(updated.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([["body", message]]);
  });
});
