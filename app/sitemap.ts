import type { MetadataRoute } from "next";
import { db } from "@/lib/db/client";
import { requestLinkOrigin } from "@/features/reader/page-origin";
import { rememberedSitemapArticles } from "@/features/reader/sitemap";

export const dynamic = "force-dynamic";

// GET /sitemap.xml — the front page and the current version of every published article (the newest 49,999).
export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const origin = await requestLinkOrigin();
  if (origin === undefined) return [];
  const articles = await rememberedSitemapArticles(db());
  const front: MetadataRoute.Sitemap[number] = { url: `${origin}/`, changeFrequency: "hourly" };
  if (articles[0]) front.lastModified = new Date(articles[0].lastModified * 1000);
  return [front, ...articles.map((article) => ({ url: `${origin}/read/${article.capsuleId}`, lastModified: new Date(article.lastModified * 1000) }))];
}
