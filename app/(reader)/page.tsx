import type { Metadata } from "next";
import Link from "next/link";
import { db } from "@/lib/db/client";
import { listReaderOutlets } from "@/features/outlets/outlets.repository";
import { rankedArticles } from "@/features/reader/published-articles";
import { readerHref, readerQuery } from "@/features/reader/reader-query";
import { ArticleList } from "@/components/reader/article-list";
import { FrontFilters } from "@/components/reader/front-filters";

export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: { absolute: "Capsule — articles finalized on chain" },
  description: "The latest articles accepted by their editors and finalized on chain, with their integrity labels and corrections.",
  alternates: { types: { "application/atom+xml": [{ url: "/feed.xml", title: "Capsule: all outlets" }], "application/feed+json": [{ url: "/feed.json", title: "Capsule: Elevated and Premium outlets" }] } },
};

const PAGE_SIZE = 10;

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

// / — the readers' front page: latest finalized articles across active outlets, filterable by label and outlet.
export default async function FrontPage({ searchParams }: Props) {
  const query = readerQuery(await searchParams);
  const database = db();
  const [page, outlets] = await Promise.all([
    rankedArticles(database, { outletSlug: query.outlet, label: query.label, page: query.page, limit: PAGE_SIZE }, Math.floor(Date.now() / 1000)),
    listReaderOutlets(database),
  ]);
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div>
        <h1 className="font-serif text-3xl font-bold tracking-tight">Latest articles</h1>
        {/* one line before the articles: on a phone the whole explanation would push them off the first screen */}
        <p className="mt-1 text-stone-600" data-testid="front-intro">
          Accepted by their editors, finalized on chain, labelled by the court.
        </p>
        <details className="mt-1 text-stone-600" data-testid="front-intro-more">
          <summary className="inline-flex min-h-11 cursor-pointer items-center font-medium text-accent underline">How articles are ordered, and feeds</summary>
          <p className="mt-1">
            The label says what the integrity court found. Corrections are shown as they are voted on. Articles are ordered by one score:
            newer first, outlets with a higher distribution tier and integrity score higher, contested articles and penalised outlets lower —
            open “Why is this here?” under an article for its numbers.{" "}
            <Link href="/network" prefetch={false} className="text-accent underline">About the network</Link> ·{" "}
            <a href="/feed.xml" className="text-accent underline">Atom feed</a> (every outlet) ·{" "}
            <a href="/feed.json" className="text-accent underline">JSON Feed</a> (outlets of the Elevated and Premium tiers only)
          </p>
        </details>
      </div>
      <FrontFilters label={query.label} outlet={query.outlet} outlets={outlets.map((o) => ({ slug: o.slug, name: o.name }))} />
      <ArticleList page={page} filtered={Boolean(query.label || query.outlet) || query.page > 1} pageHref={(n) => readerHref("/", { ...query, page: n })} />
    </div>
  );
}
