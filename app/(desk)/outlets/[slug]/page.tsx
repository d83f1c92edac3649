import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { OutletDetail } from "@/components/outlets/outlet-detail";
import { ArticleList } from "@/components/reader/article-list";
import { db } from "@/lib/db/client";
import { outletTitleOf } from "@/features/outlets/outlets.repository";
import { outletExists } from "@/features/page-subjects";
import { publishedArticles } from "@/features/reader/published-articles";
import { readerHref, readerQuery } from "@/features/reader/reader-query";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ slug: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

const PAGE_SIZE = 10;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { slug } = await params;
  if (!(await outletExists(slug))) return { title: "Page not found" };
  const name = (await outletTitleOf(db(), slug))?.name;
  return {
    title: name ?? `Outlet ${slug}`,
    alternates: name ? { types: { "application/atom+xml": [{ url: `/outlets/${slug}/feed.xml`, title: name }] } } : undefined,
  };
}

// /outlets/:slug — the outlet's published articles (server-rendered) above what members manage.
export default async function OutletPage({ params, searchParams }: Props) {
  const { slug } = await params;
  if (!(await outletExists(slug))) notFound();
  const query = readerQuery(await searchParams);
  const page = await publishedArticles(db(), { outletSlug: slug, label: query.label, page: query.page, limit: PAGE_SIZE, activeOutletsOnly: false });
  const articles = (
    <section aria-labelledby="outlet-articles-heading" className="space-y-2" data-testid="outlet-articles">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="outlet-articles-heading" className="font-serif text-2xl font-bold">
          Published articles
        </h2>
        <a href={`/outlets/${slug}/feed.xml`} className="inline-flex min-h-11 items-center text-sm text-accent underline">
          Atom feed
        </a>
      </div>
      <ArticleList page={page} showOutlet={false} filtered={Boolean(query.label) || query.page > 1} pageHref={(n) => readerHref(`/outlets/${slug}`, { ...query, outlet: undefined, page: n })} />
    </section>
  );
  return <OutletDetail slug={slug} articles={articles} />;
}
