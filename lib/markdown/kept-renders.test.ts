import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { KEPT_RENDER_MIN_CHARS, keptRender } from "./kept-renders";
import { renderMarkdown } from "./render-markdown";

// A long article's text is rendered once and the elements served again; a short one is rendered each time.

const long = (n: number) => `# Report ${n}\n\n${"A paragraph of the report, **with** emphasis.\n\n".repeat(Math.ceil(KEPT_RENDER_MIN_CHARS / 40))}`;

function counted(text: string, variant = "") {
  let renders = 0;
  const html = renderToStaticMarkup(createElement("div", null, keptRender(text, variant, () => (renders++, renderMarkdown(text)))));
  return { html, renders };
}

describe("kept renders of long texts", () => {
  it("renders a long text once and answers the same markup again", () => {
    const text = long(1);
    const first = counted(text);
    const again = counted(text);
    expect(first.renders).toBe(1);
    expect(again.renders).toBe(0);
    expect(again.html).toBe(first.html);
    expect(first.html).toMatch(/<h2[^>]*>Report 1<\/h2>/);
  });

  it("renders again for another variant (other claim spans) of the same text", () => {
    const text = long(2);
    expect(counted(text, "a").renders).toBe(1);
    expect(counted(text, "b").renders).toBe(1);
    expect(counted(text, "a").renders).toBe(0);
  });

  it("renders a short text every time", () => {
    expect(counted("A short note.").renders).toBe(1);
    expect(counted("A short note.").renders).toBe(1);
  });

  it("keeps a few: the least recently asked for goes first", () => {
    const texts = Array.from({ length: 9 }, (_, i) => long(100 + i));
    for (const text of texts.slice(0, 8)) counted(text);
    expect(counted(texts[0]!).renders).toBe(0); // asked for again: now the most recent
    counted(texts[8]!); // a ninth pushes out the least recent, texts[1]
    expect(counted(texts[0]!).renders).toBe(0);
    expect(counted(texts[1]!).renders).toBe(1);
  });
});
