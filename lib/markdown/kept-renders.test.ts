import { describe, expect, it } from "vitest";
import { KEPT_RENDER_MIN_CHARS, keptRender, keptRenderUse } from "./kept-renders";
import { keptWithinBudget } from "./kept-results";
import { renderMarkdown } from "./render-markdown";

// A long article's text is rendered once and the elements served again; a short one is rendered each time.

const long = (n: number) => `# Report ${n}\n\n${"A paragraph of the report, **with** emphasis.\n\n".repeat(Math.ceil(KEPT_RENDER_MIN_CHARS / 40))}`;

function counted(text: string, variant = "") {
  let renders = 0;
  const html = keptRender(text, variant, () => (renders++, renderMarkdown(text)));
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

  it("keeps every one of many long texts: a reader cycling through more than a handful does not make each request render", () => {
    const texts = Array.from({ length: 12 }, (_, i) => long(100 + i));
    for (const text of texts) expect(counted(text).renders).toBe(1);
    for (const text of texts) expect(counted(text).renders).toBe(0);
    expect(keptRenderUse().count).toBeGreaterThanOrEqual(12);
  });
});

describe("results kept within a byte budget", () => {
  const sized = () => keptWithinBudget<string>(100, (key, value) => key.length + value.length);

  it("lets the least recently asked for go first once the budget is full", () => {
    const keep = sized();
    let made = 0;
    const ask = (key: string) => keep(key, () => (made++, "x".repeat(29)));
    for (const key of ["a", "b", "c"]) ask(key); // 3 × 30 bytes
    ask("a"); // asked again: now the most recent
    ask("d"); // a fourth passes 100: "b" goes
    expect(keep.keptBytes()).toBe(90);
    made = 0;
    ask("a");
    ask("c");
    ask("d");
    expect(made).toBe(0);
    ask("b");
    expect(made).toBe(1);
  });

  it("answers but does not keep a result larger than the whole budget", () => {
    const keep = sized();
    keep("small", () => "s");
    expect(keep("big", () => "y".repeat(200))).toHaveLength(200);
    expect(keep.keptCount()).toBe(1);
    expect(keep.keptBytes()).toBe(6);
  });
});
