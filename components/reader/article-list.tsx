import Link from "next/link";
import { integrityLabelInfo } from "@/features/capsules/integrity-labels";
import type { ArticlePage, RankedPage } from "@/features/reader/published-articles";
import { WhyHere } from "./why-here";
import { LocalTime } from "./local-time";

// A server-rendered list of published articles: headline, outlet, date, label (with the court's
// finding) and a correction notice when one is being voted on.
export function ArticleList({
  page,
  showOutlet = true,
  filtered = true,
  pageHref,
}: {
  page: ArticlePage | RankedPage;
  showOutlet?: boolean;
  /** Whether a filter narrowed the list: an empty list then says nothing matched, else that nothing is published yet. */
  filtered?: boolean;
  pageHref: (page: number) => string;
}) {
  const ranked = page.items.some((item) => "ranking" in item);
  if (page.items.length === 0) {
    return (
      <p className="text-stone-600" data-testid="article-list-empty">
        {filtered ? "No published articles match." : "Nothing is published here yet. Articles appear once their vote accepts them."}
      </p>
    );
  }
  return (
    <div className="space-y-4">
      <ol className="divide-y divide-stone-200" data-testid="article-list">
        {page.items.map((item) => {
          const label = integrityLabelInfo(item.integrityLabel);
          return (
            <li key={item.capsuleId} className="py-4" data-testid="article-item" data-capsule-id={item.capsuleId}>
              <p className="text-xs uppercase tracking-wide text-stone-500 [overflow-wrap:anywhere]" data-testid="list-outlet-line">
                {showOutlet ? (
                  <>
                    <Link href={`/outlets/${item.outletSlug}`} prefetch={false} className="hover:underline">
                      <bdi>{item.outletName}</bdi>
                    </Link>
                    {" · "}
                  </>
                ) : null}
                <LocalTime unixSeconds={item.finalizedAt} />
                {item.category ? ` · ${item.category}` : ""}
              </p>
              <h2 className="mt-1 font-serif text-xl font-bold leading-snug break-words sm:text-2xl">
                <Link href={`/read/${item.capsuleId}`} className="block min-h-11 py-1 hover:underline">
                  {item.title}
                </Link>
              </h2>
              <p className="mt-1 text-stone-700 break-words" data-testid="article-excerpt">
                {item.excerpt}
              </p>
              <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
                <span className={`inline-flex items-center rounded border px-2 py-0.5 text-xs font-semibold ${label.className}`} data-testid="article-label" data-label={label.key}>
                  <span aria-hidden="true" className="mr-1">
                    {label.symbol}
                  </span>
                  {label.title}
                </span>
                {item.courtCase?.status === "closed" && item.courtCase.finding ? (
                  <span className="text-stone-700" data-testid="article-finding">
                    The court found: {item.courtCase.finding}
                  </span>
                ) : null}
              </div>
              {item.underVote ? (
                <p className="mt-2 text-sm text-sky-900" data-testid="article-correction-notice">
                  A {item.underVote.capsuleType === "retraction" ? "retraction" : "correction"} is being voted on; the vote closes <LocalTime unixSeconds={item.underVote.closesAt} />.
                </p>
              ) : item.revisionReason && item.revisionNumber > 0 ? (
                <p className="mt-2 text-sm text-stone-700" data-testid="article-correction-notice">
                  {item.capsuleType === "retraction" ? "Retraction" : "Correction"}: <bdi>{item.revisionReason}</bdi>
                </p>
              ) : null}
              {"ranking" in item ? <WhyHere ranking={item.ranking} position={(page.page - 1) * page.limit + page.items.indexOf(item) + 1} /> : null}
            </li>
          );
        })}
      </ol>
      {page.page > 1 || page.hasMore ? (
        <nav aria-label="Pages" className="flex items-center justify-between gap-3 text-sm">
          {page.page > 1 ? (
            <Link href={pageHref(page.page - 1)} className="inline-flex min-h-11 items-center rounded-md border border-stone-300 px-3 py-1.5 hover:bg-stone-100" rel="prev">
              {ranked ? "← Previous" : "← Newer"}
            </Link>
          ) : (
            <span />
          )}
          <span className="text-stone-500">
            Page {page.page} of {Math.max(1, Math.ceil(page.total / page.limit))}
          </span>
          {page.hasMore ? (
            <Link href={pageHref(page.page + 1)} className="inline-flex min-h-11 items-center rounded-md border border-stone-300 px-3 py-1.5 hover:bg-stone-100" rel="next">
              {ranked ? "Next →" : "Older →"}
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </div>
  );
}
