import { XMLParser, XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { feedDocument } from "./feeds";
import type { PublishedArticle } from "./published-articles";

// What an author typed reaches feed readers as text: markup in a title or excerpt is shown, not run, and
// a control character stored before they were refused cannot make the document unreadable.
const ORIGIN = "https://news.example.org";

function article(overrides: Partial<PublishedArticle>): PublishedArticle {
  return {
    capsuleId: "7",
    title: "Harbour budget",
    summary: "",
    excerpt: "The harbour budget doubled.",
    outletSlug: "harbour-desk",
    outletName: "Harbour Desk",
    category: null,
    body: "The harbour budget doubled.",
    submitter: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
    integrityLabel: "verified",
    capsuleType: "original",
    revisionNumber: 0,
    revisionReason: null,
    finalizedAt: 1_900_000_000,
    underVote: null,
    courtCase: null,
    ruledClaims: [],
    ...overrides,
  };
}

const TITLE = `Q&A <img src=x onerror=alert(1)><script>alert("t")</script>`;
const EXCERPT = `Figures <b>bold</b> & <a href="javascript:alert(2)">link</a>`;

describe("feeds", () => {
  it("declares Atom titles and summaries html and escapes what was typed, so a reader shows it as text", () => {
    const xml = feedDocument(ORIGIN, "atom", undefined, [article({ title: TITLE, excerpt: EXCERPT })]);
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(xml).not.toContain("<script>");
    expect(xml).not.toContain("<img");
    const entry = new XMLParser({ ignoreAttributes: false, cdataPropName: "__cdata" }).parse(xml).feed.entry;
    const html = (node: { __cdata?: string; "#text"?: string; "@_type": string }) => ({ type: node["@_type"], text: node.__cdata ?? node["#text"] });
    expect(html(entry.title)).toEqual({ type: "html", text: `Q&amp;A &lt;img src=x onerror=alert(1)&gt;&lt;script&gt;alert(&quot;t&quot;)&lt;/script&gt;` });
    expect(html(entry.summary).text).toContain(`Figures &lt;b&gt;bold&lt;/b&gt; &amp; &lt;a href=&quot;javascript:alert(2)&quot;&gt;link&lt;/a&gt;`);
  });

  it("keeps JSON Feed's plain-text title and summary as typed and escapes its content_html", () => {
    const json = JSON.parse(feedDocument(ORIGIN, "json", undefined, [article({ title: TITLE, excerpt: EXCERPT })])) as { items: Array<Record<string, string>> };
    const [item] = json.items;
    expect(item!.title).toBe(TITLE);
    expect(item?.summary?.startsWith(EXCERPT)).toBe(true);
    expect(item!.content_html).not.toContain("<b>");
    expect(item?.content_html?.startsWith("Figures &lt;b&gt;bold&lt;/b&gt; &amp;")).toBe(true);
  });

  it("leaves out characters XML does not allow, so one stored title cannot break the feed", () => {
    const xml = feedDocument(ORIGIN, "atom", { slug: "harbour-desk", name: "Harbour\u0001 Desk" }, [
      article({ title: "Control\u0000chars\u0008in\u001btitle", excerpt: "sum\u000bmary\u0001 \uFFFF", outletName: "Harbour\u0001 Desk" }),
    ]);
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(xml).toContain("Controlcharsintitle");
    expect(xml).toContain("Harbour Desk — Capsule");
  });
});
