"use client";

import { useState } from "react";
import { useCases, type CaseOutcomeFilter, type CasePeriodFilter, type CaseStatusFilter } from "@/components/court/use-court";
import { juryPeriods } from "@/features/court/jury.schema";
import { verdicts } from "@/features/court/court.schema";
import { OutletFilterOptions } from "@/components/outlets/outlet-filter-options";
import { ErrorNotice } from "@/components/ui/error-notice";
import { Skeleton } from "@/components/ui/skeleton";
import { formatCap, formatTime } from "@/components/ui/capsule-format";
import { displayAddress, shortAddress } from "@/lib/wallet/short-address";
import { CaseRowHeading, CaseSubject } from "./case-badges";
import { Deadline, lastEventTime } from "./deadline";
import { periodWords } from "./court-format";
import { Pager } from "@/components/ui/pager";
import { failedWithNothing, RefreshFailed } from "@/components/ui/refresh-failed";

const PAGE_SIZE = 10;
const statusFilters: Array<{ value: CaseStatusFilter; label: string }> = [
  { value: "all", label: "All" },
  { value: "open", label: "Open" },
  { value: "closed", label: "Closed" },
];

export type CaseFilters = { status: CaseStatusFilter; outlet: string; period: CasePeriodFilter; outcome: CaseOutcomeFilter };

const outcomeWords: Record<(typeof verdicts)[number], string> = { verified: "Verified", misleading: "Misleading", fraudulent: "Fraudulent", unresolved: "Unresolved" };
// on a phone the three filters stack: their words take one width, so the selects start and end in line
const labelClass = "w-16 shrink-0 sm:w-auto";
const selectClass = "min-h-11 min-w-0 flex-1 rounded-md border border-stone-300 bg-white px-2 py-1 text-sm text-ink";

/** Keeps the filters in the address bar, so a filtered list can be shared or reloaded. */
function syncUrl(filters: CaseFilters) {
  const params = new URLSearchParams();
  if (filters.status !== "all") params.set("status", filters.status);
  if (filters.outlet) params.set("outlet", filters.outlet);
  if (filters.period) params.set("period", filters.period);
  if (filters.outcome) params.set("outcome", filters.outcome);
  const query = params.toString();
  window.history.replaceState(null, "", query ? `/court?${query}` : "/court");
}

type CaseItem = NonNullable<ReturnType<typeof useCases>["data"]>["items"][number];

/** An open jury case whose period has an end: the row says the period once, on its "… period ends" line. */
const periodEnds = (item: CaseItem) => item.court === "jury" && item.status === "open" && Boolean(item.period) && item.period !== "final" && Boolean(item.periodEndsAt);

function courtWords(item: CaseItem): string {
  if (item.court !== "jury") return item.status === "closed" && !item.verdict ? "Before the jury court · ended without a finding" : "Before the jury court";
  const round = item.round ? ` · round ${item.round + 1}` : "";
  return periodEnds(item) || !item.period ? `Jury${round}` : `Jury · ${periodWords[item.period]} period${round}`;
}

// /court — the court explorer: every case, newest first, filtered by status, outlet, jury period and outcome.
export function CaseList({ initial }: { initial: CaseFilters }) {
  const [filters, setFilters] = useState(initial);
  const { status, outlet, period, outcome } = filters;
  const [page, setPage] = useState(1);
  const cases = useCases({ status, outlet, period, outcome, page, limit: PAGE_SIZE });
  const data = cases.data;
  const filtered = status !== "all" || outlet !== "" || period !== "" || outcome !== "";

  const choose = (next: Partial<CaseFilters>) => {
    const merged = { ...filters, ...next };
    setFilters(merged);
    setPage(1);
    syncUrl(merged);
  };

  return (
    <section className="rounded-lg border border-stone-200 bg-white shadow-sm" aria-labelledby="case-list-title">
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-stone-100 p-4">
        <h2 id="case-list-title" className="text-sm font-semibold uppercase tracking-wide text-stone-500">
          Cases {data ? <span className="font-normal normal-case">({data.total})</span> : null}
        </h2>
        <div className="flex min-w-0 max-w-full flex-wrap items-center gap-3">
          <div role="group" aria-label="Filter by status" className="flex flex-wrap gap-1">
            {statusFilters.map((filter) => (
              <button
                key={filter.value}
                type="button"
                aria-pressed={status === filter.value}
                onClick={() => choose({ status: filter.value })}
                className={`min-h-11 rounded-full px-3 py-1 text-sm ${status === filter.value ? "bg-ink text-white" : "bg-stone-100 text-stone-700 hover:bg-stone-200"}`}
              >
                {filter.label}
              </button>
            ))}
          </div>
          <label className="flex w-full min-w-0 max-w-full items-center gap-2 text-sm text-stone-700 sm:w-auto">
            <span className={labelClass}>Outlet</span>
            <select
              value={outlet}
              onChange={(event) => choose({ outlet: event.target.value })}
              className={selectClass}
              data-testid="case-outlet-filter"
            >
              <OutletFilterOptions selected={outlet} />
            </select>
          </label>
          <label className="flex w-full min-w-0 max-w-full items-center gap-2 text-sm text-stone-700 sm:w-auto">
            <span className={labelClass}>Period</span>
            <select value={period} onChange={(event) => choose({ period: event.target.value as CasePeriodFilter })} className={selectClass} data-testid="case-period-filter">
              <option value="">Any period</option>
              {juryPeriods.map((p) => (
                <option key={p} value={p}>
                  {periodWords[p]}
                </option>
              ))}
            </select>
          </label>
          <label className="flex w-full min-w-0 max-w-full items-center gap-2 text-sm text-stone-700 sm:w-auto">
            <span className={labelClass}>Outcome</span>
            <select value={outcome} onChange={(event) => choose({ outcome: event.target.value as CaseOutcomeFilter })} className={selectClass} data-testid="case-outcome-filter">
              <option value="">Any outcome</option>
              {verdicts.map((v) => (
                <option key={v} value={v}>
                  {outcomeWords[v]}
                </option>
              ))}
            </select>
          </label>
        </div>
      </div>
      <RefreshFailed what="The court cases" read={cases} className="m-4" />
      {failedWithNothing(cases) ? (
        <div className="p-4">
          <ErrorNotice title="Court cases could not be loaded" error={cases.error} onRetry={() => void cases.refetch()} />
        </div>
      ) : !data ? (
        <ul className="divide-y divide-stone-100" role="status" aria-busy="true" aria-label="Loading court cases">
          {Array.from({ length: 4 }, (_, i) => (
            <li key={i} className="space-y-2 p-4">
              <Skeleton className="block h-5 w-56" />
              <Skeleton className="block h-4 w-full" />
            </li>
          ))}
        </ul>
      ) : data.items.length === 0 ? (
        <p className="p-6 text-sm text-stone-600" data-testid="cases-empty">
          {!filtered
            ? "No court cases yet. Any wallet with a bond can open one from a finalized article’s dispute page."
            : "No cases match these filters. Choose “All”, “All outlets”, “Any period” and “Any outcome” to see every case."}
        </p>
      ) : (
        <ul className={`divide-y divide-stone-100 ${cases.isPlaceholderData ? "opacity-60" : ""}`} data-testid="case-rows">
          {data.items.map((item) => (
            <li key={item.caseId} className="space-y-1.5 p-4">
              <CaseRowHeading item={item}>
                <span className="text-xs text-stone-600" data-testid="case-court">
                  {courtWords(item)}
                </span>
              </CaseRowHeading>
              <p className="text-xs text-stone-500 [overflow-wrap:anywhere]">
                <CaseSubject item={item} /> · opened {formatTime(item.openedAt)} by{" "}
                <span className="font-mono" title={displayAddress(item.openedBy)}>
                  {shortAddress(item.openedBy)}
                </span>
                {item.closedAt ? ` · closed ${formatTime(item.closedAt)}` : ""}
              </p>
              {periodEnds(item) && item.period && item.periodEndsAt ? (
                // when the period ends, in the reader's local time with its zone, counted down in chain time as on the case page
                <p className="text-xs text-stone-600" data-testid="case-period-ends">
                  {periodWords[item.period]} period ends <Deadline endsAt={item.periodEndsAt} chainTimeSeen={lastEventTime(item)} testId="case-period-countdown" />
                </p>
              ) : null}
              <p dir="auto" className="line-clamp-2 text-sm text-stone-700 [overflow-wrap:anywhere]">{item.grounds}</p>
              {item.penalty ? (
                <p className="text-xs font-medium text-red-800">Penalty: {formatCap(item.penalty.amountSlashed)} slashed and burned</p>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {data && data.total > 0 ? <Pager label="Case pages" page={data.page} limit={data.limit} total={data.total} hasMore={data.hasMore} onPage={setPage} /> : null}
    </section>
  );
}
