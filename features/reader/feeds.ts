import "server-only";
import { createHash } from "node:crypto";
import { Feed } from "feed";
import { z } from "zod";
import type { Db } from "@/lib/db/database";
import { integrityLabelInfo } from "@/features/capsules/integrity-labels";
import { publishedArticles, rankedArticles, type PublishedArticle } from "./published-articles";
import { correctionLine, labelLine } from "./article-notices";
import { escapeXml } from "./label-badge";
import { bidiNeutralized, xmlSafe } from "@/lib/schemas/plain-text";

/** Entries of one feed page. */
export const FEED_SIZE = 50;
/**
 * RFC 5005 paged feeds: at most this many pages (FEED_PAGES × FEED_SIZE = 500 entries, the articles the network's
 * order ranks, RANKED_CANDIDATES); the last page names no next one.
 */
export const FEED_PAGES = 10;

/** Which page of a feed a document is (1: the feed itself, the WebSub topic), and whether more follow it. */
export type FeedPaging = { page: number; hasMore: boolean };

export type FeedOutlet = { slug: string; name: string };
export type FeedFormat = "atom" | "json";

export const feedPath = (format: FeedFormat, outletSlug?: string) => `${outletSlug ? `/outlets/${outletSlug}` : ""}/feed.${format === "atom" ? "xml" : "json"}`;
/** The URL of one page of a feed: the feed's own for page 1, `?page=N` after it. */
const pageUrl = (origin: string, format: FeedFormat, outletSlug: string | undefined, page: number) => `${origin}${feedPath(format, outletSlug)}${page > 1 ? `?page=${page}` : ""}`;

/** The `page` query of a feed request: 1 when absent, else a whole number 1..FEED_PAGES in plain digits, else undefined. */
export function feedPageOf(query: URLSearchParams): number | undefined {
  const values = query.getAll("page");
  if (values.length === 0) return 1;
  if (values.length > 1 || !/^[1-9][0-9]{0,2}$/.test(values[0]!)) return undefined;
  const page = Number(values[0]);
  return page <= FEED_PAGES ? page : undefined;
}
export const feedContentType: Record<FeedFormat, string> = { atom: "application/atom+xml; charset=utf-8", json: "application/feed+json; charset=utf-8" };

/**
 * The articles of a feed: an outlet's in chronological order (newest first); the network's ranked
 * by the feed score (features/distribution/feed-rank.ts). The network JSON Feed, an Elevated channel,
 * carries Elevated and Premium outlets' articles only.
 */
async function feedArticles(db: Db, format: FeedFormat, outlet: FeedOutlet | undefined, now: number, page = 1): Promise<{ items: PublishedArticle[]; paging: FeedPaging }> {
  const found = outlet
    ? await publishedArticles(db, { outletSlug: outlet.slug, page, limit: FEED_SIZE, activeOutletsOnly: false })
    : await rankedArticles(db, { page, limit: FEED_SIZE, minTier: format === "json" ? "elevated" : undefined }, now);
  return { items: found.items, paging: { page, hasMore: found.hasMore } };
}

/**
 * Stored text as a feed carries it: without the characters XML may not hold, and with its bidirectional controls
 * neutralized (text stored before the rule on them could otherwise reorder an entry, or the reader's page after it).
 */
const feedText = (text: string) => bidiNeutralized(xmlSafe(text));

/** An entry's paragraphs: the excerpt, the label with the court's finding and the claims ruled on, any correction notice. */
const entryParagraphs = (item: PublishedArticle): string[] => [item.excerpt, labelLine(item), correctionLine(item)].filter((part): part is string => Boolean(part)).map(feedText);
/** An entry's plain-text summary (JSON Feed's `summary`): its paragraphs, a blank line between them. */
const entrySummary = (item: PublishedArticle) => entryParagraphs(item).join("\n\n");
/**
 * The same summary as HTML (Atom's `summary type="html"`, JSON Feed's `content_html`): each paragraph a `<p>` of escaped
 * text. HTML collapses line breaks into spaces, so the plain text's blank lines ran the excerpt, the label and the
 * correction together in a feed reader.
 */
const entrySummaryHtml = (item: PublishedArticle) => entryParagraphs(item).map((part) => `<p>${escapeXml(part)}</p>`).join("\n");

const FEED_DESCRIPTION = "Articles finalized on chain, with their integrity labels and corrections.";
/**
 * The network's feeds by name: the Atom feed carries every outlet's articles, the JSON Feed (an Elevated channel) only
 * those of Elevated and Premium outlets, so a reader who finds it shorter than the Atom feed, or empty, is told why.
 */
export const NETWORK_FEED_TITLE: Record<FeedFormat, string> = { atom: "Capsule — all outlets", json: "Capsule — Elevated and Premium outlets" };
const NETWORK_JSON_FEED_DESCRIPTION =
  "Articles of outlets at the Elevated and Premium distribution tiers, finalized on chain, with their integrity labels and corrections. Every outlet's articles are in the Atom feed, /feed.xml.";

/**
 * A feed of finalized articles built with the `feed` package. Every feed names itself
 * (`rel="self"`) and the hub (`rel="hub"`, the WebSub hub at /websub). Each entry carries its
 * integrity label as a category (scheme `<origin>/labels`) and in its summary — the article's
 * excerpt, then the label with the court's finding and any correction notice, each a paragraph of its own.
 */
function buildFeed(origin: string, format: FeedFormat, outlet: FeedOutlet | undefined, items: PublishedArticle[], now: number, page: number): Feed {
  const self = pageUrl(origin, format, outlet?.slug, page);
  // a feed with no entry yet was last changed now, not in 1970
  const newest = items.length === 0 ? now : items.reduce((max, item) => Math.max(max, item.updatedAt), 0);
  const feed = new Feed({
    // one feed whatever the page: its pages share the id of the first (RFC 5005 §3)
    id: pageUrl(origin, format, outlet?.slug, 1),
    title: outlet ? `${feedText(outlet.name)} — Capsule` : NETWORK_FEED_TITLE[format],
    description: outlet || format === "atom" ? FEED_DESCRIPTION : NETWORK_JSON_FEED_DESCRIPTION,
    link: outlet ? `${origin}/outlets/${outlet.slug}` : `${origin}/`,
    feedLinks: format === "atom" ? { atom: self } : { json: self },
    hub: `${origin}/websub`,
    updated: new Date(newest * 1000),
    generator: "Capsule",
    copyright: "Each article belongs to its outlet",
  });
  for (const item of items) {
    const url = `${origin}/read/${item.capsuleId}`;
    // an entry is the article (its revision chain): a correction updates the entry its readers already hold, under
    // the id of the first version, and links to the version now current; a label change updates it too
    const id = `${origin}/read/${item.rootId}`;
    const info = integrityLabelInfo(item.integrityLabel);
    // The package declares an Atom title and summary type="html" and puts the summary into JSON Feed's
    // content_html: what people typed is plain text, so it goes in escaped (a title "<script>…" reads as
    // typed, and runs nowhere), each paragraph of the summary in its own <p>. JSON Feed's title is plain text and
    // stays as it is.
    const title = feedText(item.title);
    feed.addItem({
      id,
      title: format === "atom" ? escapeXml(title) : title,
      link: url,
      date: new Date(item.updatedAt * 1000),
      published: new Date(item.firstPublishedAt * 1000),
      description: entrySummaryHtml(item),
      author: [{ name: feedText(item.outletName), link: `${origin}/outlets/${item.outletSlug}` }],
      category: [{ name: info.title, term: info.key, scheme: `${origin}/labels` }],
    });
  }
  return feed;
}

const ZJsonFeedV1 = z.object({
  version: z.string(),
  author: z.object({ name: z.string().optional(), url: z.string().optional() }).optional(),
  items: z.array(z.object({ author: z.object({ name: z.string().optional(), url: z.string().optional() }).optional() }).passthrough()),
}).passthrough();

/**
 * JSON Feed 1.1 from the package's JSON Feed 1 output: version 1.1, `authors` arrays instead of the
 * deprecated `author`, the hub in `hubs`, the language, and the label as `_capsule` per item.
 */
function toJsonFeed11(json1: string, origin: string, items: PublishedArticle[], next: string | undefined): string {
  const feed = ZJsonFeedV1.parse(JSON.parse(json1));
  const { author: _feedAuthor, items: entries, ...head } = feed;
  return JSON.stringify({
    ...head,
    version: "https://jsonfeed.org/version/1.1",
    ...(next ? { next_url: next } : {}),
    language: "en",
    hubs: [{ type: "WebSub", url: `${origin}/websub` }],
    items: entries.map(({ author, ...entry }, i) => ({
      ...entry,
      ...(author ? { authors: [author] } : {}),
      // the feed's own words are English; each article says its own language (JSON Feed 1.1 item `language`)
      language: items[i]!.language,
      // the package puts the text in content_html only; JSON Feed's plain-text summary carries it too
      summary: entrySummary(items[i]!),
      _capsule: { about: `${origin}/labels`, integrity_label: items[i]!.integrityLabel, capsule_id: items[i]!.capsuleId },
    })),
  });
}

/** RFC 5005 §3's links of an Atom page, after its `rel="self"` link: first and previous after page 1, next while more follow. */
function withPageLinks(atom: string, links: Array<[rel: string, href: string]>): string {
  if (links.length === 0) return atom;
  const self = /^( *)<link rel="self" [^\n]*\n/m.exec(atom);
  if (!self) return atom;
  const lines = links.map(([rel, href]) => `${self[1]}<link rel="${rel}" href="${escapeXml(href)}"/>\n`).join("");
  const at = self.index + self[0].length;
  return `${atom.slice(0, at)}${lines}${atom.slice(at)}`;
}

/**
 * The feed document of these articles (`now`, Unix seconds: the `updated` of a feed with none). `paging`: the page it
 * is (RFC 5005 paged feeds: Atom `rel="next"`/`"previous"`/`"first"` links, JSON Feed `next_url`); no page after FEED_PAGES.
 */
export function feedDocument(origin: string, format: FeedFormat, outlet: FeedOutlet | undefined, items: PublishedArticle[], now = Math.floor(Date.now() / 1000), paging: FeedPaging = { page: 1, hasMore: false }): string {
  const feed = buildFeed(origin, format, outlet, items, now, paging.page);
  const url = (page: number) => pageUrl(origin, format, outlet?.slug, page);
  const next = paging.hasMore && paging.page < FEED_PAGES ? url(paging.page + 1) : undefined;
  if (format === "json") return toJsonFeed11(feed.json1(), origin, items, next);
  const links: Array<[string, string]> = [];
  if (paging.page > 1) links.push(["first", url(1)], ["previous", url(paging.page - 1)]);
  if (next) links.push(["next", next]);
  return withPageLinks(feed.atom1(), links);
}

/** The feed document of one format (its page 1, the WebSub topic), for the network (no outlet) or one outlet. */
export async function renderFeed(db: Db, origin: string, format: FeedFormat, outlet: FeedOutlet | undefined, now: number): Promise<string> {
  const { items, paging } = await feedArticles(db, format, outlet, now);
  return feedDocument(origin, format, outlet, items, now, paging);
}

/**
 * One page of a feed; undefined for a page after 1 that holds no entry (past the feed's last one: the route answers
 * 404). Page 1 is a document even when empty: the feed exists before its first article.
 */
export async function renderFeedPage(db: Db, origin: string, format: FeedFormat, outlet: FeedOutlet | undefined, now: number, page: number): Promise<string | undefined> {
  const { items, paging } = await feedArticles(db, format, outlet, now, page);
  if (page > 1 && items.length === 0) return undefined;
  return feedDocument(origin, format, outlet, items, now, paging);
}

/**
 * The digest of a feed's content now: what the hub compares to push a topic only when it changed. The document is
 * dated as if built at the epoch, so an empty feed (dated when it is built) has one digest.
 */
export async function feedDigest(db: Db, origin: string, format: FeedFormat, outlet: FeedOutlet | undefined, now: number): Promise<string> {
  const { items, paging } = await feedArticles(db, format, outlet, now);
  const document = feedDocument(origin, format, outlet, items, 0, paging);
  return createHash("sha256").update(document).digest("hex");
}
