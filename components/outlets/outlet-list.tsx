"use client";

import Link from "next/link";
import { DomainName } from "./domain-name";
import { COURT_OUTLET_SLUG } from "@/lib/roles/role-catalog";
import { useState } from "react";
import { useOutlets, type OutletStatusFilter } from "@/components/outlets/use-outlets";
import { ErrorNotice } from "@/components/ui/error-notice";
import { Skeleton } from "@/components/ui/skeleton";
import { OutletStatusBadge } from "./outlet-status-badge";
import { tierLabel } from "./outlet-labels";
import { failedWithNothing, RefreshFailed } from "@/components/ui/refresh-failed";

const PAGE_SIZE = 10;
const filters: Array<{ value: OutletStatusFilter; label: string }> = [
  { value: "all", label: "All" },
  { value: "active", label: "Active" },
  { value: "pending", label: "Pending" },
  { value: "suspended", label: "Suspended" },
];
const pagerButton =
  "rounded-md border border-stone-300 bg-white px-3 py-1.5 text-sm text-stone-800 hover:bg-stone-100 disabled:cursor-not-allowed disabled:opacity-40";

export function OutletList() {
  const [status, setStatus] = useState<OutletStatusFilter>("all");
  const [page, setPage] = useState(1);
  const outlets = useOutlets(status, page, PAGE_SIZE);
  const data = outlets.data;

  return (
    <section className="rounded-lg border border-stone-200 bg-white shadow-sm" aria-labelledby="outlet-list-title">
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-stone-100 p-4">
        <h2 id="outlet-list-title" className="text-sm font-semibold uppercase tracking-wide text-stone-500">
          Outlets {data ? <span className="font-normal normal-case">({data.total})</span> : null}
        </h2>
        <div role="group" aria-label="Filter by status" className="flex flex-wrap gap-1">
          {filters.map((filter) => (
            <button
              key={filter.value}
              type="button"
              aria-pressed={status === filter.value}
              onClick={() => {
                setStatus(filter.value);
                setPage(1);
              }}
              className={`rounded-full px-3 py-1 text-sm ${status === filter.value ? "bg-ink text-white" : "bg-stone-100 text-stone-700 hover:bg-stone-200"}`}
            >
              {filter.label}
            </button>
          ))}
        </div>
      </div>
      <RefreshFailed what="The outlets" read={outlets} className="m-4" />
      {failedWithNothing(outlets) ? (
        <div className="p-4">
          <ErrorNotice title="Outlets could not be loaded" error={outlets.error} onRetry={() => void outlets.refetch()} />
        </div>
      ) : !data ? (
        <ul className="divide-y divide-stone-100" role="status" aria-busy="true" aria-label="Loading outlets">
          {Array.from({ length: 4 }, (_, i) => (
            <li key={i} className="flex items-center justify-between gap-4 p-4">
              <Skeleton className="h-5 w-48" />
              <Skeleton className="h-5 w-20" />
            </li>
          ))}
        </ul>
      ) : data.items.length === 0 ? (
        <p className="p-6 text-sm text-stone-600" data-testid="outlets-empty">
          {status === "all"
            ? "No outlets yet. Sign in with your wallet and register the first one with the form below."
            : `No ${status} outlets. Choose “All” to see every outlet, or register one below.`}
        </p>
      ) : (
        <ul className={`divide-y divide-stone-100 ${outlets.isPlaceholderData ? "opacity-60" : ""}`} data-testid="outlet-rows">
          {data.items.map((outlet) => (
            <li key={outlet.outletSlug} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 p-4">
              <div className="min-w-0">
                <Link href={`/outlets/${outlet.outletSlug}`} className="font-serif text-lg font-semibold text-ink underline-offset-2 hover:underline">
                  {outlet.name}
                </Link>
                <p className="truncate text-xs text-stone-500">
                  <span className="font-mono">{outlet.outletSlug}</span> · <DomainName domain={outlet.domain} />
                </p>
                {outlet.outletSlug === COURT_OUTLET_SLUG ? (
                  <p className="text-xs text-stone-600" data-testid="court-seat-note">
                    Not a news outlet: the network keeps this entry for its integrity court. It publishes no articles and has no tier.
                  </p>
                ) : null}
              </div>
              <div className="flex items-center gap-3 text-sm">
                {outlet.outletSlug === COURT_OUTLET_SLUG ? null : (
                  <span className="text-stone-600">
                    Tier: <span className="font-medium text-ink">{tierLabel[outlet.distribution.tier]}</span>
                  </span>
                )}
                <OutletStatusBadge status={outlet.status} />
              </div>
            </li>
          ))}
        </ul>
      )}
      {data && data.total > 0 ? (
        <nav aria-label="Outlet pages" className="flex items-center justify-between gap-3 border-t border-stone-100 p-3">
          <button type="button" className={pagerButton} disabled={page <= 1} onClick={() => setPage(page - 1)}>
            ← Previous
          </button>
          <span className="text-sm text-stone-600">
            Page {data.page} of {Math.max(1, Math.ceil(data.total / data.limit))}
          </span>
          <button type="button" className={pagerButton} disabled={!data.hasMore} onClick={() => setPage(page + 1)}>
            Next →
          </button>
        </nav>
      ) : null}
    </section>
  );
}
