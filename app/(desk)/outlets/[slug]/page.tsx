import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { OutletDetail } from "@/components/outlets/outlet-detail";
import { ArticleList } from "@/components/reader/article-list";
import { db } from "@/lib/db/client";
import { findOutletBySlug } from "@/features/outlets/outlets.repository";
import { outletExists } from "@/features/page-subjects";
import { publishedArticles } from "@/features/reader/published-articles";
import { readerHref, readerQuery } from "@/features/reader/reader-query";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ slug: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

const PAGE_SIZE = 10;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { slug } = await params;
  if (!(await outletExists(slug))) return { title: "Page not found" };
  const outlet = await findOutletBySlug(db(), slug);
  return {
    title: outlet?.name ?? `Outlet ${slug}`,
    // an outlet that is not active has no open feed (its feeds answer 403): nothing to announce
    alternates: outlet?.status === "active" ? { types: { "application/atom+xml": [{ url: `/outlets/${slug}/feed.xml`, title: outlet.name }] } } : undefined,
  };
}

// /outlets/:slug — the outlet's published articles (server-rendered) above what members manage; while the outlet is not
// active, its domain verification comes first (components/outlets/outlet-detail.tsx).
export default async function OutletPage({ params, searchParams }: Props) {
  const { slug } = await params;
  if (!(await outletExists(slug))) notFound();
  const active = (await findOutletBySlug(db(), slug))?.status === "active";
  const query = readerQuery(await searchParams);
  const page = await publishedArticles(db(), { outletSlug: slug, label: query.label, page: query.page, limit: PAGE_SIZE, activeOutletsOnly: false });
  const articles = (
    <section aria-labelledby="outlet-articles-heading" className="space-y-2" data-testid="outlet-articles">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="outlet-articles-heading" className="font-serif text-2xl font-bold">
          Published articles
        </h2>
        {active ? (
          <a href={`/outlets/${slug}/feed.xml`} className="inline-flex min-h-11 items-center text-sm text-accent underline">
            Atom feed
          </a>
        ) : (
          <p className="text-sm text-stone-600" data-testid="outlet-no-feed">
            No feed until the outlet is active
          </p>
        )}
      </div>
      <ArticleList page={page} showOutlet={false} filtered={Boolean(query.label) || query.page > 1} pageHref={(n) => readerHref(`/outlets/${slug}`, { ...query, outlet: undefined, page: n })} />
    </section>
  );
  return <OutletDetail slug={slug} articles={articles} />;
}
