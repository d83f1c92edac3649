import "server-only";
import { Feed } from "feed";
import type { DbOrTrx } from "@/lib/db/database";
import { integrityLabelInfo } from "@/lib/capsules/integrity-labels";
import { publishedArticles } from "./published-articles";
import { correctionLine, labelLine } from "./article-notices";

const FEED_SIZE = 50;

/**
 * An Atom feed of the latest finalized articles (all active outlets, or one outlet), built with the
 * `feed` package. Each entry carries its integrity label as an Atom category (scheme
 * `<origin>/labels`) and in its summary — the article's plain-text excerpt (its standfirst, or the
 * opening of the rendered body; never Markdown), then the label with the court's finding and any
 * correction notice.
 */
export async function atomFeed(db: DbOrTrx, origin: string, outlet?: { slug: string; name: string }): Promise<string> {
  const page = await publishedArticles(db, { outletSlug: outlet?.slug, page: 1, limit: FEED_SIZE, activeOutletsOnly: !outlet });
  const self = outlet ? `${origin}/outlets/${outlet.slug}/feed.xml` : `${origin}/feed.xml`;
  const newest = page.items[0]?.finalizedAt;
  const feed = new Feed({
    id: self,
    title: outlet ? `${outlet.name} — Capsule` : "Capsule — all outlets",
    description: "Articles finalized on chain, with their integrity labels and corrections.",
    link: outlet ? `${origin}/outlets/${outlet.slug}` : `${origin}/`,
    feedLinks: { atom: self },
    updated: new Date((newest ?? 0) * 1000),
    generator: "Capsule",
    copyright: "Each article belongs to its outlet",
  });
  for (const item of page.items) {
    const url = `${origin}/read/${item.capsuleId}`;
    const info = integrityLabelInfo(item.integrityLabel);
    const notice = correctionLine(item);
    feed.addItem({
      id: url,
      title: item.title,
      link: url,
      date: new Date(item.finalizedAt * 1000),
      published: new Date(item.finalizedAt * 1000),
      description: [item.excerpt, labelLine(item), notice].filter(Boolean).join("\n\n"),
      author: [{ name: item.outletName, link: `${origin}/outlets/${item.outletSlug}` }],
      category: [{ name: info.title, term: info.key, scheme: `${origin}/labels` }],
    });
  }
  return feed.atom1();
}
