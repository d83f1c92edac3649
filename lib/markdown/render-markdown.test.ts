import { describe, expect, it } from "vitest";
import { createElement, Fragment } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { parseInline, parseMarkdown, safeHref } from "./parse-markdown";
import { renderMarkdown } from "./render-markdown";

const html = (source: string) => renderToStaticMarkup(createElement(Fragment, null, ...renderMarkdown(source)));
const stripClasses = (markup: string) => markup.replace(/ class="[^"]*"/g, "");

describe("safe Markdown renderer", () => {
  it("escapes raw HTML instead of passing it through", () => {
    const out = html('<script>alert("x")</script>\n\n<img src=x onerror=alert(1)> & done');
    expect(out).not.toContain("<script");
    expect(out).not.toContain("<img");
    expect(out).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(out).toContain("&lt;img src=x onerror=alert(1)&gt; &amp; done");
  });

  it("escapes HTML inside code, emphasis, headings and link text", () => {
    const out = stripClasses(html("# <b>T</b>\n\n*<i>e</i>* `<x>` [<u>l</u>](https://a.example/)"));
    expect(out).toBe(
      '<h1>&lt;b&gt;T&lt;/b&gt;</h1><p><em>&lt;i&gt;e&lt;/i&gt;</em> <code>&lt;x&gt;</code> <a href="https://a.example/" rel="noopener noreferrer nofollow">&lt;u&gt;l&lt;/u&gt;</a></p>',
    );
  });

  it("keeps only http(s) links; javascript:, data: and relative targets lose the link but keep the words", () => {
    expect(safeHref("https://example.org/a?b=1")).toBe("https://example.org/a?b=1");
    expect(safeHref("http://example.org")).toBe("http://example.org/");
    for (const bad of ["javascript:alert(1)", "JaVaScRiPt:alert(1)", "data:text/html,hi", "/relative", "vbscript:x", "ftp://x.example"]) {
      expect(safeHref(bad)).toBeUndefined();
    }
    const out = html("[click](javascript:alert%281%29) and [data](data:text/html,x) and [rel](/admin)");
    expect(out).not.toContain("<a");
    expect(out).not.toContain("javascript:");
    expect(stripClasses(out)).toBe("<p>click and data and rel</p>");
    // a target the link syntax cannot hold stays visible as plain text, never as a link
    expect(html("[x](javascript:alert(1))")).not.toContain("<a");
  });

  it("an attribute-breaking URL cannot escape the href", () => {
    const out = html('[x](https://a.example/"onmouseover="alert(1))');
    expect(out).not.toMatch(/" onmouseover=/);
  });

  it("renders headings, paragraphs, emphasis, lists, blockquotes, code and rules", () => {
    const source = [
      "## Council vote",
      "",
      "The **budget** passed, *narrowly*.",
      "Second line.",
      "",
      "- one",
      "- two",
      "",
      "3. third",
      "4. fourth",
      "",
      "> quoted *words*",
      "",
      "```ts",
      "const a = 1 < 2;",
      "```",
      "",
      "---",
    ].join("\n");
    expect(stripClasses(html(source))).toBe(
      "<h2>Council vote</h2>" +
        "<p>The <strong>budget</strong> passed, <em>narrowly</em>.<br/>Second line.</p>" +
        "<ul><li>one</li><li>two</li></ul>" +
        '<ol start="3"><li>third</li><li>fourth</li></ol>' +
        "<blockquote><p>quoted <em>words</em></p></blockquote>" +
        '<pre><code>const a = 1 &lt; 2;</code></pre>' +
        "<hr/>",
    );
  });

  it("parses inline spans into a tree and honours backslash escapes", () => {
    expect(parseInline("a \\*b\\* __c__")).toEqual([
      { type: "text", text: "a *b* " },
      { type: "strong", children: [{ type: "text", text: "c" }] },
    ]);
    expect(parseInline("2 * 3 * 4")).toEqual([{ type: "text", text: "2 * 3 * 4" }]);
  });

  it("an unclosed fence takes the rest as code; empty input gives nothing", () => {
    expect(parseMarkdown("```\n<b>x</b>")).toEqual([{ type: "code", lang: "", text: "<b>x</b>" }]);
    expect(parseMarkdown("\n\n")).toEqual([]);
  });
});
