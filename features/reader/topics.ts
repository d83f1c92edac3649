import type { FeedFormat } from "@/features/reader/feeds";

// The hub's topics are its own feeds: the network's and each outlet's, Atom and JSON Feed.

export type Topic = { format: FeedFormat; outletSlug?: string };

const pattern = /^(?:\/outlets\/([a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?))?\/feed\.(xml|json)$/;

export function topicOfPath(pathname: string): Topic | undefined {
  const match = pattern.exec(pathname);
  if (!match) return undefined;
  return { format: match[2] === "xml" ? "atom" : "json", ...(match[1] ? { outletSlug: match[1] } : {}) };
}

/** The topic paths that carried an outlet's articles: the network feeds and the outlet's own. */
export const topicPathsOfOutlet = (slug: string): string[] => ["/feed.xml", "/feed.json", `/outlets/${slug}/feed.xml`, `/outlets/${slug}/feed.json`];
