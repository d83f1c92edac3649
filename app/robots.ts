import type { MetadataRoute } from "next";
import { CRAWL_DISALLOWED } from "@/features/reader/crawl-paths";
import { requestLinkOrigin } from "@/features/reader/page-origin";

export const dynamic = "force-dynamic";

// GET /robots.txt — crawlers may read the reader's pages; the desk, the API and the gateways are not for them.
export default async function robots(): Promise<MetadataRoute.Robots> {
  const origin = await requestLinkOrigin();
  return {
    rules: { userAgent: "*", allow: "/", disallow: [...CRAWL_DISALLOWED] },
    ...(origin ? { sitemap: `${origin}/sitemap.xml` } : {}),
  };
}
