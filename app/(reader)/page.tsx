import type { Metadata } from "next";
import Link from "next/link";
import { db } from "@/lib/db/client";
import { listReaderOutlets } from "@/features/outlets/outlets.repository";
import { integrityLabelKeys, integrityLabels } from "@/features/capsules/integrity-labels";
import { rankedArticles } from "@/features/reader/published-articles";
import { readerHref, readerQuery } from "@/features/reader/reader-query";
import { ArticleList } from "@/components/reader/article-list";

export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: { absolute: "Capsule — articles finalized on chain" },
  description: "The latest articles accepted by their editors and finalized on chain, with their integrity labels and corrections.",
  alternates: { types: { "application/atom+xml": [{ url: "/feed.xml", title: "Capsule: all outlets" }], "application/feed+json": [{ url: "/feed.json", title: "Capsule: all outlets" }] } },
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
        <p className="mt-2 text-stone-600">
          Every article here was accepted by its outlet’s editors and finalized on chain. Its label says what the integrity court found;
          corrections are shown as they are voted on. Articles are ordered by one score: newer first, outlets with a higher distribution tier
          and integrity score higher, contested articles and penalised outlets lower — open “Why is this here?” under an article for its numbers.{" "}
          <Link href="/network" prefetch={false} className="text-accent underline">About the network</Link> ·{" "}
          <a href="/feed.xml" className="text-accent underline">Atom feed</a> ·{" "}
          <a href="/feed.json" className="text-accent underline">JSON Feed</a>
        </p>
      </div>
      <form method="get" action="/" className="flex flex-wrap items-end gap-3 rounded-md border border-stone-200 bg-white p-3 text-sm" aria-label="Filter articles">
        <label className="flex min-w-0 flex-col gap-1">
          <span className="text-stone-600">Label</span>
          <select name="label" defaultValue={query.label ?? ""} className="rounded-md border border-stone-300 bg-white px-2 py-1.5">
            <option value="">All labels</option>
            {integrityLabelKeys.map((key) => (
              <option key={key} value={key}>
                {integrityLabels[key].title}
              </option>
            ))}
          </select>
        </label>
        <label className="flex min-w-0 max-w-full flex-col gap-1">
          <span className="text-stone-600">Outlet</span>
          <select name="outlet" defaultValue={query.outlet ?? ""} className="max-w-full rounded-md border border-stone-300 bg-white px-2 py-1.5">
            <option value="">All outlets</option>
            {outlets.map((o) => (
              <option key={o.slug} value={o.slug}>
                {o.name}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="rounded-md bg-ink px-4 py-1.5 font-semibold text-white hover:bg-stone-800">
          Filter
        </button>
        {query.label || query.outlet ? (
          <Link href="/" className="py-1.5 text-accent underline">
            Clear
          </Link>
        ) : null}
      </form>
      <ArticleList page={page} filtered={Boolean(query.label || query.outlet) || query.page > 1} pageHref={(n) => readerHref("/", { ...query, page: n })} />
    </div>
  );
}
