import { describe, expect, it } from "vitest";
import { createElement, Fragment } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { Root } from "mdast";
import { ZCreateCapsuleBody } from "@/features/capsules/capsules.schema";
import { markdownToHast, parseMarkdown } from "./markdown-pipeline";
import { MAX_MARKDOWN_NESTING, limitNesting, tooDeeplyNestedLine } from "./nesting";
import { articleExcerpt, articlePlainText } from "./plain-text";
import { renderMarkdown } from "./render-markdown";

// Containers nested thousands deep ("> > > …", "- - - …") overflowed the Markdown packages' stack (and took
// seconds of CPU first) on the reader's page and in every listing's excerpt: refused in new bodies, cut to
// MAX_MARKDOWN_NESTING levels in what the parser is given.

/** The deepest blockquote or list in a Markdown tree, counted without recursion. */
function containerDepth(tree: Root): number {
  let deepest = 0;
  const stack: Array<{ node: { type: string; children?: unknown[] }; depth: number }> = [{ node: tree, depth: 0 }];
  while (stack.length > 0) {
    const { node, depth } = stack.pop()!;
    const here = node.type === "blockquote" || node.type === "list" ? depth + 1 : depth;
    deepest = Math.max(deepest, here);
    for (const child of node.children ?? []) stack.push({ node: child as { type: string; children?: unknown[] }, depth: here });
  }
  return deepest;
}

const html = (source: string) => renderToStaticMarkup(createElement(Fragment, null, ...renderMarkdown(source)));

describe("deeply nested Markdown", () => {
  it("renders 4,000 nested quotes as the deepest quote allowed, in the page, the plain text and the excerpt", () => {
    const source = `${"> ".repeat(4000)}the last word`;
    expect(containerDepth(parseMarkdown(source))).toBe(MAX_MARKDOWN_NESTING);
    expect(html(source)).toContain("the last word");
    expect(articlePlainText(source)).toContain("the last word");
    expect(articleExcerpt({ body: source })).toContain("the last word");
    expect(markdownToHast(source).children.length).toBeGreaterThan(0);
  });

  it("cuts nested list markers on one line, ordinals and mixed containers too", () => {
    for (const source of [`${"- ".repeat(600)}x`, `${"1. ".repeat(600)}x`, `${"> - ".repeat(300)}x`, `Intro\n\n${"* ".repeat(100)}x\n\nOutro`]) {
      expect(containerDepth(parseMarkdown(source)), source.slice(0, 20)).toBe(MAX_MARKDOWN_NESTING);
    }
  });

  it("leaves ordinary quotes and lists alone, and keeps every offset of the source", () => {
    const email = ">>>>> On Monday the clerk wrote:\n>>>>> The notice is attached.\n\n- one\n  - two\n    - three\n\n* * *\n\n1) first";
    expect(limitNesting(email)).toBe(email);
    const deep = `Before\n\n${"> ".repeat(40)}deep text\n\nAfter`;
    const limited = limitNesting(deep);
    expect(limited.length).toBe(deep.length);
    expect(limited.indexOf("deep text")).toBe(deep.indexOf("deep text"));
    expect(limited.indexOf("After")).toBe(deep.indexOf("After"));
  });

  it("refuses a new body that nests deeper than the limit, naming the line", () => {
    const base = { title: "Harbour bridge reopens", outletSlug: "harbour-gazette" };
    expect(ZCreateCapsuleBody.safeParse({ ...base, body: `Intro\n${"> ".repeat(MAX_MARKDOWN_NESTING)}quoted` }).success).toBe(true);
    const refused = ZCreateCapsuleBody.safeParse({ ...base, body: `Intro\n\n${"- ".repeat(MAX_MARKDOWN_NESTING + 1)}x` });
    expect(refused.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([["body", `line 3 nests quotes or lists more than ${MAX_MARKDOWN_NESTING} levels deep`]]);
    expect(tooDeeplyNestedLine(`a\r\nb\r\n${">".repeat(MAX_MARKDOWN_NESTING + 1)} c`)).toBe(3);
  });
});
