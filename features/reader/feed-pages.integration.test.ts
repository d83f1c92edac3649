import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { XMLParser } from "fast-xml-parser";
import { dialectsUnderTest } from "@/test/support/stack";
import { openTestDatabase, type TestDatabase } from "@/test/hardening/database";
import { seedFinalizedCapsule, seedOutlet } from "@/features/partners/partners.test-support";
import { FEED_SIZE, renderFeedPage } from "./feeds";

// RFC 5005 paged feeds over the real published-articles query: an outlet with more articles than a page holds is read
// to its end by following `next`, every article once, the last page naming no next one; a page past the last entry is
// none (the route's 404), while page 1 of a feed with no entry is a feed.

const dialects = await dialectsUnderTest();
const ORIGIN = "https://news.example.org";
const OWNER = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const parser = new XMLParser({ ignoreAttributes: false });

type Link = { "@_rel": string; "@_href": string };
const linksOf = (feed: { link: Link | Link[] }) => Object.fromEntries([feed.link].flat().map((l) => [l["@_rel"], l["@_href"]]));

describe.each(dialects)("paged feeds on %s", (dialect) => {
  let t: TestDatabase;
  const outlet = { id: 0, slug: "paged-desk", name: "Desk paged-desk" };
  const COUNT = FEED_SIZE + 12;

  beforeAll(async () => {
    t = await openTestDatabase(dialect);
    outlet.id = await seedOutlet(t.db, outlet.slug, OWNER);
    for (let k = 1; k <= COUNT; k += 1) await seedFinalizedCapsule(t.db, outlet, OWNER, k);
  });
  afterAll(async () => {
    await t?.drop();
  });

  it("follows next from the feed to its last page, every article once", async () => {
    const now = Math.floor(Date.now() / 1000);
    const seen: string[] = [];
    const pages: Array<Record<string, string>> = [];
    for (let page = 1; page <= 3; page += 1) {
      const feed = parser.parse((await renderFeedPage(t.db, ORIGIN, "atom", outlet, now, page))!).feed;
      const entries = feed.entry === undefined ? [] : [feed.entry].flat();
      seen.push(...entries.map((e: { id: string }) => e.id));
      pages.push(linksOf(feed));
      if (!linksOf(feed).next) break;
    }
    const base = `${ORIGIN}/outlets/${outlet.slug}/feed.xml`;
    expect(pages).toHaveLength(2);
    expect(pages[0]).toMatchObject({ self: base, next: `${base}?page=2` });
    expect(pages[1]).toMatchObject({ self: `${base}?page=2`, previous: base, first: base });
    expect(pages[1]!.next).toBeUndefined();
    expect(seen).toHaveLength(COUNT);
    expect(new Set(seen).size).toBe(COUNT);
  });

  it("has no page past the last entry, and a page 1 with no entry", async () => {
    const now = Math.floor(Date.now() / 1000);
    for (const page of [3, 9]) expect(await renderFeedPage(t.db, ORIGIN, "atom", outlet, now, page), `page ${page}`).toBeUndefined();
    const empty = { slug: "empty-desk", name: "Desk empty-desk" };
    await seedOutlet(t.db, empty.slug, OWNER);
    expect(JSON.parse((await renderFeedPage(t.db, ORIGIN, "json", empty, now, 1))!)).toMatchObject({ items: [], feed_url: `${ORIGIN}/outlets/${empty.slug}/feed.json` });
    expect(await renderFeedPage(t.db, ORIGIN, "json", empty, now, 2)).toBeUndefined();
  });
});
