import { describe, expect, it } from "vitest";
import { createElement, Fragment } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import rehypeStringify from "rehype-stringify";
import { unified } from "unified";
import { markdownToHast, parseMarkdown, safeHref, vaultImageSrc } from "./parse-markdown";
import { renderMarkdown } from "./render-markdown";

const html = (source: string) => renderToStaticMarkup(createElement(Fragment, null, ...renderMarkdown(source)));
const stripClasses = (markup: string) => markup.replace(/ class="[^"]*"/g, "");
const VAULT_ID = "ab".repeat(32);

describe("Markdown renderer (remark/rehype, CommonMark + GFM)", () => {
  it("shows raw HTML as text, never as elements, in blocks and inline", () => {
    const out = html('<script>alert("x")</script>\n\n<img src=x onerror=alert(1)> & done\n\nHello <b onclick="x()">there</b>');
    expect(out).not.toMatch(/<(script|img|b)[ >]/);
    expect(out).toMatch(/^<p[^>]*>&lt;script&gt;/);
    expect(out).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(out).toContain("&lt;img src=x onerror=alert(1)&gt; &amp; done");
    expect(out).toContain("Hello &lt;b onclick=&quot;x()&quot;&gt;there&lt;/b&gt;");
  });

  it("demotes article headings so the page title stays the only <h1>", () => {
    const out = stripClasses(html("# Title\n\n## Section\n\n###### Deep\n\nSetext\n===="));
    expect(out).not.toContain("<h1");
    expect(out).toBe("<h2>Title</h2>\n<h3>Section</h3>\n<h6>Deep</h6>\n<h2>Setext</h2>");
  });

  it("puts a text's top level of headings right under the page title, whichever level its author began with", () => {
    expect(stripClasses(html("Intro.\n\n## Why it matters\n\nText.\n\n### Detail\n\n###### Deep"))).toBe(
      "<p>Intro.</p>\n<h2>Why it matters</h2>\n<p>Text.</p>\n<h3>Detail</h3>\n<h6>Deep</h6>",
    );
    expect(stripClasses(html("### Only\n\n#### Under"))).toBe("<h2>Only</h2>\n<h3>Under</h3>");
  });

  it("escapes HTML inside code, emphasis, headings and link text", () => {
    const out = stripClasses(html("# <b>T</b>\n\n*<i>e</i>* `<x>` [<u>l</u>](https://a.example/)"));
    expect(out).toBe(
      '<h2>&lt;b&gt;T&lt;/b&gt;</h2>\n<p><em>&lt;i&gt;e&lt;/i&gt;</em> <code>&lt;x&gt;</code> <a href="https://a.example/" rel="noopener noreferrer nofollow">&lt;u&gt;l&lt;/u&gt;</a></p>',
    );
  });

  it("keeps only http(s) links; javascript:, data: and relative targets lose the link but keep the words", () => {
    expect(safeHref("https://example.org/a?b=1")).toBe("https://example.org/a?b=1");
    for (const bad of ["javascript:alert(1)", "JaVaScRiPt:alert(1)", "data:text/html,hi", "/relative", "vbscript:x", "ftp://x.example"]) {
      expect(safeHref(bad)).toBeUndefined();
    }
    const out = html("[click](javascript:alert%281%29) and [data](data:text/html,x) and [rel](/admin) and <javascript:alert(1)>");
    expect(out).not.toContain("<a");
    expect(out).not.toContain('href="javascript');
    expect(stripClasses(out)).toBe("<p>click and data and rel and javascript:alert(1)</p>");
    expect(html("[x](javascript:alert(1))")).not.toContain("<a");
    expect(html('[x](https://a.example/"onmouseover="alert(1))')).not.toMatch(/" onmouseover=/);
  });

  it("renders GFM tables inside a focusable box that scrolls sideways", () => {
    const out = stripClasses(html("| Outlet | Votes |\n| :-- | --: |\n| Herald | 3 |\n| <i>x</i> | 4 |"));
    expect(out).toContain('<div tabindex="0" role="region" aria-label="Table (scrolls sideways)"><table>');
    expect(out).toContain('<th style="text-align:left">Outlet</th><th style="text-align:right">Votes</th>');
    expect(out).toContain('<td style="text-align:left">Herald</td><td style="text-align:right">3</td>');
    expect(out).toContain("&lt;i&gt;x&lt;/i&gt;");
    expect(html("| a |\n| - |\n| b |")).toContain("overflow-x-auto");
  });

  it("renders images only from this site's vault; other images become a link or words", () => {
    expect(vaultImageSrc(`/api/vault/${VAULT_ID}`)).toBe(`/api/vault/${VAULT_ID}?download=1`);
    expect(vaultImageSrc(`/api/vault/${VAULT_ID.toUpperCase()}?download=1`)).toBe(`/api/vault/${VAULT_ID}?download=1`);
    for (const bad of [`https://evil.example/api/vault/${VAULT_ID}`, `//evil.example/api/vault/${VAULT_ID}`, "/api/vault/123", `/api/vault/${VAULT_ID}/../../x`, "/api/capsules/1", "data:image/png;base64,AAAA"]) {
      expect(vaultImageSrc(bad)).toBeUndefined();
    }
    const vault = stripClasses(html(`![Council chamber](/api/vault/${VAULT_ID}?download=1 "t")`));
    expect(vault).toBe(`<p><img src="/api/vault/${VAULT_ID}?download=1" alt="Council chamber" loading="lazy" decoding="async"/></p>`);
    const external = stripClasses(html("![Pixel](https://tracker.example/p.gif)"));
    expect(external).not.toContain("<img");
    expect(external).toBe('<p><a href="https://tracker.example/p.gif" rel="noopener noreferrer nofollow">Image: Pixel (external, not loaded)</a></p>');
    expect(stripClasses(html("![x](javascript:alert(1))"))).toBe("<p>[Image: x]</p>");
    expect(stripClasses(html("[![logo](https://a.example/l.png)](https://a.example/)"))).toBe(
      '<p><a href="https://a.example/" rel="noopener noreferrer nofollow">Image: logo (external, not loaded)</a></p>',
    );
  });

  it("renders footnotes with working links between reference and note", () => {
    const out = html("A claim.[^src]\n\n[^src]: The council minutes.");
    const refHref = /<a href="#(user-content-fn-src)" id="(user-content-fnref-src)"/.exec(out);
    expect(refHref).not.toBeNull();
    expect(out).toContain(`<li id="${refHref?.[1]}">`);
    expect(out).toContain(`href="#${refHref?.[2]}"`);
    expect(out).toContain("The council minutes.");
    expect(out).toMatch(/<section[^>]*data-footnotes/);
    expect(out).not.toContain("user-content-user-content");
  });

  it("renders paragraphs, emphasis, lists, quotes, code, rules, strikethrough and task lists", () => {
    const source = ["The **budget** passed, *narrowly*.", "", "- one", "- [x] done", "", "3. third", "", "> quoted", "", "```ts", "const a = 1 < 2;", "```", "", "---", "", "~~old~~"].join("\n");
    const out = stripClasses(html(source));
    expect(out).toContain("<p>The <strong>budget</strong> passed, <em>narrowly</em>.</p>");
    expect(out).toContain("<li>one</li>");
    expect(out).toContain('<input type="checkbox" disabled="" checked=""/>');
    expect(out).toContain('<ol start="3">');
    expect(out).toContain("<blockquote>\n<p>quoted</p>\n</blockquote>");
    expect(out).toContain("<pre><code>const a = 1 &lt; 2;\n</code></pre>");
    expect(html("```ts\nx\n```")).toContain('class="language-ts"');
    expect(out).toContain("<hr/>");
    expect(out).toContain("<del>old</del>");
  });

  it("gives the same sanitized tree to server code (markdownToHast) as to React", () => {
    const source = "# T\n\n| a |\n| - |\n| <b>x</b> |\n\n[^1]\n\n[^1]: n";
    const fromHast = unified().use(rehypeStringify).stringify(markdownToHast(source));
    expect(fromHast).not.toContain("<h1");
    expect(fromHast).not.toContain("<b>");
    expect(fromHast).toContain("<h2");
    expect(fromHast).toContain("<table");
    expect(parseMarkdown("# x").children[0]).toMatchObject({ type: "heading", depth: 1 });
    expect(parseMarkdown("\n\n").children).toEqual([]);
    expect(html("")).toBe("");
  });
});
