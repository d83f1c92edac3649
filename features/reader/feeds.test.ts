import { XMLParser, XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { FEED_PAGES, feedDocument, feedPageOf } from "./feeds";
import type { PublishedArticle } from "./published-articles";

// What an author typed reaches feed readers as text: markup in a title or excerpt is shown, not run, and
// a control character stored before they were refused cannot make the document unreadable.
const ORIGIN = "https://news.example.org";

function article(overrides: Partial<PublishedArticle>): PublishedArticle {
  return {
    capsuleId: "7",
    rootId: "7",
    title: "Harbour budget",
    language: "en",
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
    firstPublishedAt: 1_900_000_000,
    updatedAt: 1_900_000_000,
    underVote: null,
    courtCase: null,
    ruledClaims: [],
    ...overrides,
  };
}

const TITLE = `Q&A <img src=x onerror=alert(1)><script>alert("t")</script>`;
const EXCERPT = `Figures <b>bold</b> & <a href="javascript:alert(2)">link</a>`;

describe("feeds", () => {
  it("the network JSON Feed, an Elevated channel, says whose articles it carries and where every outlet's are", () => {
    const json = JSON.parse(feedDocument(ORIGIN, "json", undefined, [])) as { title: string; description: string; items: unknown[] };
    expect(json.items).toEqual([]);
    expect(json.title).toBe("Capsule — Elevated and Premium outlets");
    expect(json.description).toContain("Elevated and Premium distribution tiers");
    expect(json.description).toContain("/feed.xml");
    const atom = new XMLParser().parse(feedDocument(ORIGIN, "atom", undefined, [])) as { feed: { title: string; subtitle: string } };
    expect(atom.feed.title).toBe("Capsule — all outlets");
    expect(atom.feed.subtitle).not.toContain("Elevated");
    const outletJson = JSON.parse(feedDocument(ORIGIN, "json", { slug: "harbour-desk", name: "Harbour Desk" }, [])) as { title: string; description: string };
    expect(outletJson.title).toBe("Harbour Desk — Capsule");
    expect(outletJson.description).not.toContain("Elevated");
  });

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
    expect(item?.content_html?.startsWith("<p>Figures &lt;b&gt;bold&lt;/b&gt; &amp;")).toBe(true);
  });

  it("keeps the summary's paragraphs apart: excerpt, label and correction each a <p> in the HTML, a blank line apart in plain text", () => {
    const corrected = article({ capsuleId: "9", rootId: "7", revisionNumber: 1, capsuleType: "correction", revisionReason: "Fixed the <figure>.", excerpt: "The budget & the fees doubled." });
    const paragraphs = ["The budget &amp; the fees doubled.", "Integrity: Verified.", "Correction: Fixed the &lt;figure&gt;."];
    const xml = feedDocument(ORIGIN, "atom", undefined, [corrected]);
    expect(XMLValidator.validate(xml)).toBe(true);
    const summary = new XMLParser({ ignoreAttributes: false, cdataPropName: "__cdata" }).parse(xml).feed.entry.summary as { __cdata: string; "@_type": string };
    expect(summary["@_type"]).toBe("html");
    // each part is one paragraph of escaped text; a feed reader shows HTML, where line breaks alone run together
    const html = summary.__cdata;
    const parts = [...html.matchAll(/<p>([^<]*)<\/p>/g)].map((m) => m[1]!);
    expect(parts).toHaveLength(3);
    parts.forEach((part, i) => expect(part.startsWith(paragraphs[i]!), part).toBe(true));
    expect(html.replace(/<p>[^<]*<\/p>/g, "").trim()).toBe("");
    const json = JSON.parse(feedDocument(ORIGIN, "json", undefined, [corrected])) as { items: Array<Record<string, string>> };
    expect(json.items[0]!.content_html).toBe(html);
    expect(json.items[0]!.summary!.split("\n\n").map((part) => part.slice(0, 20))).toEqual(["The budget & the fees doubled.", "Integrity: Verified.", "Correction: Fixed the <figure>."].map((p) => p.slice(0, 20)));
  });

  it("leaves out characters XML does not allow, so one stored title cannot break the feed", () => {
    const xml = feedDocument(ORIGIN, "atom", { slug: "harbour-desk", name: "Harbour\u0001 Desk" }, [
      article({ title: "Control\u0000chars\u0008in\u001btitle", excerpt: "sum\u000bmary\u0001 \uFFFF", outletName: "Harbour\u0001 Desk" }),
    ]);
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(xml).toContain("Controlcharsintitle");
    expect(xml).toContain("Harbour Desk — Capsule");
  });

  it("neutralizes bidirectional controls stored before the rule on them, so no entry reads reordered", () => {
    const [RLO, PDF, RLI, PDI] = ["\u202E", "\u202C", "\u2067", "\u2069"];
    const stored = article({ title: `Invoice ${RLO}fdp.exe${PDF}`, excerpt: `Opens ${RLI}here and never closes\nnext line${PDI}`, outletName: `Harbour ${RLO}Desk` });
    const atom = feedDocument(ORIGIN, "atom", { slug: "harbour-desk", name: `Harbour ${RLO}Desk` }, [stored]);
    expect(XMLValidator.validate(atom)).toBe(true);
    expect(atom).not.toMatch(/[\u202D\u202E]/);
    expect(atom).toContain("Invoice fdp.exe");
    expect(atom).toContain(`Opens ${RLI}here and never closes${PDI}\nnext line`);
    const json = JSON.parse(feedDocument(ORIGIN, "json", undefined, [stored])) as { items: Array<Record<string, unknown>> };
    const [item] = json.items;
    expect(item!.title).toBe("Invoice fdp.exe");
    expect(String(item!.summary).startsWith(`Opens ${RLI}here and never closes${PDI}\nnext line`)).toBe(true);
    expect(JSON.stringify(json)).not.toMatch(/[\u202D\u202E]/);
  });

  it("keeps a corrected article under its first version's id, links the correction, and dates the last change", () => {
    const corrected = article({ capsuleId: "9", rootId: "7", revisionNumber: 1, capsuleType: "correction", revisionReason: "Fixed the figure.", finalizedAt: 1_900_100_000, firstPublishedAt: 1_900_000_000, updatedAt: 1_900_200_000 });
    const xml = feedDocument(ORIGIN, "atom", undefined, [corrected]);
    expect(XMLValidator.validate(xml)).toBe(true);
    const feed = new XMLParser({ ignoreAttributes: false }).parse(xml).feed;
    expect(feed.entry.id).toBe(`${ORIGIN}/read/7`);
    expect(feed.entry.link["@_href"]).toBe(`${ORIGIN}/read/9`);
    expect(feed.entry.published).toBe(new Date(1_900_000_000_000).toISOString());
    expect(feed.entry.updated).toBe(new Date(1_900_200_000_000).toISOString());
    expect(feed.updated).toBe(new Date(1_900_200_000_000).toISOString());
    const json = JSON.parse(feedDocument(ORIGIN, "json", undefined, [corrected])) as { items: Array<Record<string, string>> };
    expect(json.items[0]).toMatchObject({ id: `${ORIGIN}/read/7`, url: `${ORIGIN}/read/9`, date_published: new Date(1_900_000_000_000).toISOString(), date_modified: new Date(1_900_200_000_000).toISOString() });
  });

  it("changes no entry while a correction is under vote: a feed carries finalized content only", () => {
    const published = article({});
    const underVote = article({ underVote: { capsuleId: "8", capsuleType: "correction", closesAt: "1900100000" } });
    for (const format of ["atom", "json"] as const) expect(feedDocument(ORIGIN, format, undefined, [underVote])).toBe(feedDocument(ORIGIN, format, undefined, [published]));
    const summary = (JSON.parse(feedDocument(ORIGIN, "json", undefined, [underVote])) as { items: Array<Record<string, string>> }).items[0]!.summary!;
    expect(summary).not.toMatch(/voted on/);
    // once finalized, the correction is the entry's new content (with its own later `updated`)
    const finalized = article({ capsuleId: "8", revisionNumber: 1, capsuleType: "correction", revisionReason: "Fixed the figure.", updatedAt: 1_900_200_000 });
    expect((JSON.parse(feedDocument(ORIGIN, "json", undefined, [finalized])) as { items: Array<Record<string, string>> }).items[0]!.summary).toContain("Correction: Fixed the figure.");
  });

  it("dates a feed with no entry yet at the time it is built, not at the epoch", () => {
    const xml = feedDocument(ORIGIN, "atom", { slug: "harbour-desk", name: "Harbour Desk" }, [], 1_900_000_000);
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(new XMLParser().parse(xml).feed.updated).toBe(new Date(1_900_000_000_000).toISOString());
  });

  it("names each JSON Feed item's own language", () => {
    const json = JSON.parse(feedDocument(ORIGIN, "json", undefined, [article({ language: "pt-BR" }), article({ capsuleId: "8", rootId: "8" })])) as { language: string; items: Array<Record<string, string>> };
    expect(json.language).toBe("en");
    expect(json.items.map((item) => item.language)).toEqual(["pt-BR", "en"]);
  });

  it("links the pages of a paged feed (RFC 5005): next while more follow, first and previous after page 1, none past the bound", () => {
    const outlet = { slug: "harbour-desk", name: "Harbour Desk" };
    const base = `${ORIGIN}/outlets/harbour-desk/feed.xml`;
    const linksOf = (xml: string) => {
      expect(XMLValidator.validate(xml)).toBe(true);
      const links = new XMLParser({ ignoreAttributes: false }).parse(xml).feed.link as Array<Record<string, string>>;
      return Object.fromEntries(links.map((l) => [l["@_rel"], l["@_href"]]));
    };
    const first = linksOf(feedDocument(ORIGIN, "atom", outlet, [article({})], 1_900_000_000, { page: 1, hasMore: true }));
    expect(first).toMatchObject({ self: base, next: `${base}?page=2` });
    expect(first.previous).toBeUndefined();
    const second = linksOf(feedDocument(ORIGIN, "atom", outlet, [article({})], 1_900_000_000, { page: 2, hasMore: false }));
    expect(second).toMatchObject({ self: `${base}?page=2`, first: base, previous: base, hub: `${ORIGIN}/websub` });
    expect(second.next).toBeUndefined();
    // one feed: every page has the first page's id
    expect(new XMLParser().parse(feedDocument(ORIGIN, "atom", outlet, [], 1, { page: 3, hasMore: true })).feed.id).toBe(base);
    expect(linksOf(feedDocument(ORIGIN, "atom", outlet, [article({})], 1, { page: FEED_PAGES, hasMore: true })).next).toBeUndefined();
    // JSON Feed 1.1 pages with next_url
    const json = (paging: { page: number; hasMore: boolean }) => JSON.parse(feedDocument(ORIGIN, "json", undefined, [article({})], 1, paging)) as Record<string, unknown>;
    expect(json({ page: 1, hasMore: true }).next_url).toBe(`${ORIGIN}/feed.json?page=2`);
    expect(json({ page: 4, hasMore: false }).next_url).toBeUndefined();
    expect(json({ page: FEED_PAGES, hasMore: true }).next_url).toBeUndefined();
  });

  it("reads a feed's page query: 1 when absent, plain digits up to the bound, nothing else", () => {
    const page = (query: string) => feedPageOf(new URLSearchParams(query));
    expect([page(""), page("page=1"), page("page=2"), page(`page=${FEED_PAGES}`)]).toEqual([1, 1, 2, FEED_PAGES]);
    for (const query of ["page=0", "page=01", `page=${FEED_PAGES + 1}`, "page=1e1", "page=-1", "page=", "page=2&page=3", "page=%202"]) expect(page(query), query).toBeUndefined();
  });
});
