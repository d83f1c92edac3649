import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { OutletDetail } from "@/components/outlets/outlet-detail";
import { OutletFeeds } from "@/components/outlets/outlet-feeds";
import { ArticleList } from "@/components/reader/article-list";
import { db } from "@/lib/db/client";
import { findOutletBySlug } from "@/features/outlets/outlets.repository";
import { outletExists } from "@/features/page-subjects";
import { outletFeedLinks } from "@/features/reader/outlet-feeds";
import { publishedArticles } from "@/features/reader/published-articles";
import { readerHref, readerQuery } from "@/features/reader/reader-query";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ slug: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

const PAGE_SIZE = 10;

// the outlet and the feeds it announces, read once per request for both the head and the page (the tier takes a few queries)
const outletAndFeeds = cache(async (slug: string) => {
  const outlet = await findOutletBySlug(db(), slug);
  // only the feeds that answer are announced: none while the outlet is not active, JSON Feed from the Elevated tier
  const feeds = outlet ? await outletFeedLinks(db(), outlet, Math.floor(Date.now() / 1000)) : [];
  return { outlet, feeds };
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { slug } = await params;
  if (!(await outletExists(slug))) return { title: "Page not found" };
  const { outlet, feeds } = await outletAndFeeds(slug);
  return {
    title: outlet?.name ?? `Outlet ${slug}`,
    alternates: feeds.length > 0 ? { types: Object.fromEntries(feeds.map((feed) => [feed.type, [{ url: feed.path, title: `${outlet!.name} (${feed.label})` }]])) } : undefined,
  };
}

// /outlets/:slug — the outlet's published articles (server-rendered) above what members manage; while the outlet is not
// active, its domain verification comes first (components/outlets/outlet-detail.tsx).
export default async function OutletPage({ params, searchParams }: Props) {
  const { slug } = await params;
  if (!(await outletExists(slug))) notFound();
  const { outlet, feeds } = await outletAndFeeds(slug);
  const query = readerQuery(await searchParams);
  const page = await publishedArticles(db(), { outletSlug: slug, label: query.label, page: query.page, limit: PAGE_SIZE, activeOutletsOnly: false });
  const articles = (
    <section aria-labelledby="outlet-articles-heading" className="space-y-2" data-testid="outlet-articles">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="outlet-articles-heading" className="font-serif text-2xl font-bold">
          Published articles
        </h2>
        <OutletFeeds slug={slug} feeds={feeds.map(({ format, label, path }) => ({ format, label, path }))} renderedStatus={outlet?.status ?? "pending"} />
      </div>
      <ArticleList page={page} showOutlet={false} filtered={Boolean(query.label) || query.page > 1} pageHref={(n) => readerHref(`/outlets/${slug}`, { ...query, outlet: undefined, page: n })} />
    </section>
  );
  return <OutletDetail slug={slug} articles={articles} />;
}
