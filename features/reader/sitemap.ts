import "server-only";
import type { DbOrTrx } from "@/lib/db/database";
import { chainDates, rankingCandidates } from "./published-articles.repository";

/** A sitemap file holds at most 50,000 addresses; the front page is one of them. */
export const SITEMAP_ARTICLES = 49_999;
/** How long one server gives the same list (the public answers' max-age): a crawler's visit costs one query a minute at most. */
export const SITEMAP_REMEMBER_MS = 60_000;
// chainDates binds each root twice; a chunk stays below SQLite's 32,766 bound variables
const CHUNK = 5_000;

export type SitemapArticle = { capsuleId: number; lastModified: number };

/**
 * The current version of each published article of an active outlet, newest first, with when its page last changed
 * (its finalization, or a later integrity label change). Superseded versions keep their pages, but the sitemap names
 * the one a reader should find.
 */
export async function sitemapArticles(db: DbOrTrx, limit = SITEMAP_ARTICLES): Promise<SitemapArticle[]> {
  const rows = await rankingCandidates(db, {}, limit);
  const roots = [...new Set(rows.map((row) => Number(row.root)))];
  const labelChanged = new Map<number, number>();
  for (let start = 0; start < roots.length; start += CHUNK) {
    for (const [root, dates] of await chainDates(db, roots.slice(start, start + CHUNK))) {
      if (dates.labelChangedAt !== null) labelChanged.set(root, dates.labelChangedAt);
    }
  }
  return rows.map((row) => ({
    capsuleId: Number(row.id),
    lastModified: Math.max(Number(row.finalized_at), labelChanged.get(Number(row.root)) ?? 0),
  }));
}

let remembered: { at: number; articles: Promise<SitemapArticle[]> } | undefined;

/** sitemapArticles, given again for SITEMAP_REMEMBER_MS (a failed read is not remembered). */
export function rememberedSitemapArticles(db: DbOrTrx, now = Date.now()): Promise<SitemapArticle[]> {
  if (remembered && now - remembered.at < SITEMAP_REMEMBER_MS) return remembered.articles;
  const entry = { at: now, articles: sitemapArticles(db) };
  remembered = entry;
  entry.articles.catch(() => {
    if (remembered === entry) remembered = undefined;
  });
  return entry.articles;
}
