"use client";

import { useState, type FormEvent } from "react";
import { useCapsuleRights, useListings } from "@/components/rights/use-rights";
import { OutletFilterOptions } from "@/components/outlets/outlet-filter-options";
import { isDecimalId } from "@/lib/schemas/whole-number";
import { ErrorNotice } from "@/components/ui/error-notice";
import { Skeleton } from "@/components/ui/skeleton";
import { Pager } from "@/components/ui/pager";
import { smallButton } from "@/components/ui/field";
import { ListingCard } from "./listing-card";
import { failedWithNothing, RefreshFailed } from "@/components/ui/refresh-failed";

const PAGE_SIZE = 10;

function syncUrl(outlet: string, capsule: string) {
  const params = new URLSearchParams();
  if (capsule) params.set("capsule", capsule);
  else if (outlet) params.set("outlet", outlet);
  const query = params.toString();
  window.history.replaceState(null, "", query ? `/rights?${query}` : "/rights");
}

// /rights — listings newest first, by outlet; or one capsule's listings with the licences taken on them.
export function RightsBoard({ initialOutlet, initialCapsule }: { initialOutlet: string; initialCapsule: string }) {
  const [outlet, setOutlet] = useState(initialOutlet);
  const [capsule, setCapsule] = useState(initialCapsule);
  const [capsuleInput, setCapsuleInput] = useState(initialCapsule);
  const [capsuleError, setCapsuleError] = useState<string | undefined>();
  const [page, setPage] = useState(1);
  const listings = useListings({ outlet, page, limit: PAGE_SIZE }, capsule === "");
  const capsuleRights = useCapsuleRights(capsule, page, PAGE_SIZE);
  const query = capsule ? capsuleRights : listings;
  const data = query.data;

  const chooseOutlet = (value: string) => {
    setOutlet(value);
    setCapsule("");
    setCapsuleInput("");
    setPage(1);
    syncUrl(value, "");
  };
  const showCapsule = (value: string) => {
    setCapsuleError(undefined);
    setCapsule(value);
    setCapsuleInput(value);
    setPage(1);
    syncUrl(outlet, value);
  };
  const onCapsule = (event: FormEvent) => {
    event.preventDefault();
    const value = capsuleInput.trim().replace(/^#/, "");
    if (value && !isDecimalId(value)) {
      setCapsuleError("A capsule number, like 12.");
      return;
    }
    showCapsule(value);
  };

  const licencesOf = (listingId: string) => capsuleRights.data?.items.find((item) => item.listingId === listingId)?.licences;

  return (
    <section className="rounded-lg border border-stone-200 bg-white shadow-sm" aria-labelledby="listings-title">
      <div className="flex flex-wrap items-end justify-between gap-3 border-b border-stone-100 p-4">
        <h2 id="listings-title" className="text-sm font-semibold uppercase tracking-wide text-stone-500">
          {capsule ? `Rights of capsule #${capsule}` : "Listings"} {data ? <span className="font-normal normal-case">({data.total})</span> : null}
        </h2>
        <div className="flex min-w-0 max-w-full flex-wrap items-end gap-3">
          <label className="flex min-w-0 max-w-full flex-col text-sm text-stone-700">
            <span className="block">Outlet</span>
            <select
              value={capsule ? "" : outlet}
              onChange={(event) => chooseOutlet(event.target.value)}
              className="mt-1 w-full max-w-full rounded-md border border-stone-300 bg-white px-2 py-1.5 text-sm text-ink"
              data-testid="rights-outlet-filter"
            >
              <OutletFilterOptions selected={outlet} />
            </select>
          </label>
          <form onSubmit={onCapsule} className="flex items-end gap-2" aria-label="Show one capsule's rights" noValidate>
            <label className="text-sm text-stone-700">
              <span className="block">Capsule</span>
              <input
                value={capsuleInput}
                onChange={(event) => setCapsuleInput(event.target.value)}
                inputMode="numeric"
                placeholder="any"
                aria-invalid={capsuleError ? true : undefined}
                aria-describedby={capsuleError ? "rights-capsule-error" : undefined}
                className={`mt-1 w-24 rounded-md border bg-white px-2 py-1.5 text-sm text-ink ${capsuleError ? "border-red-500" : "border-stone-300"}`}
              />
            </label>
            <button type="submit" className={smallButton}>
              Show
            </button>
          </form>
        </div>
        {capsuleError ? (
          <p id="rights-capsule-error" className="w-full text-right text-xs font-medium text-red-700">
            {capsuleError}
          </p>
        ) : null}
      </div>
      {capsule && capsuleRights.data && !capsuleRights.data.distributionActive ? (
        <p className="border-b border-stone-100 bg-amber-50 px-4 py-2 text-xs text-amber-950">
          This capsule is superseded by a correction, or the court labelled it misleading or fraudulent: it carries no ads and feeds no longer
          promote it. Its listings stay valid; buyers should know.
        </p>
      ) : null}
      <RefreshFailed what="The listings" read={query} className="m-4" />
      {failedWithNothing(query) ? (
        <div className="p-4">
          <ErrorNotice title={capsule ? `The rights of capsule #${capsule} could not be loaded` : "Listings could not be loaded"} error={query.error} onRetry={() => void query.refetch()} />
        </div>
      ) : !data ? (
        <ul className="divide-y divide-stone-100" role="status" aria-busy="true" aria-label="Loading listings">
          {Array.from({ length: 3 }, (_, i) => (
            <li key={i} className="space-y-2 p-4">
              <Skeleton className="block h-5 w-64" />
              <Skeleton className="block h-4 w-full" />
            </li>
          ))}
        </ul>
      ) : data.items.length === 0 ? (
        <p className="p-6 text-sm text-stone-600" data-testid="listings-empty">
          {capsule
            ? `Capsule #${capsule} has no rights listings. Its journalist or an Editor of its outlet can list them with the form below.`
            : outlet
              ? "This outlet has no rights listings yet. Choose “All outlets” to see every listing."
              : "No rights listings yet. A finalized article’s journalist or an Editor of its outlet can list its rights with the form below."}
        </p>
      ) : (
        <ul className={`divide-y divide-stone-100 ${query.isPlaceholderData ? "opacity-60" : ""}`} data-testid="listing-rows">
          {data.items.map((listing) => (
            <ListingCard key={listing.listingId} listing={listing} licences={capsule ? licencesOf(listing.listingId) : undefined} onShowCapsule={capsule ? undefined : showCapsule} />
          ))}
        </ul>
      )}
      {data && data.total > 0 ? <Pager label="Listing pages" page={data.page} limit={data.limit} total={data.total} hasMore={data.hasMore} onPage={setPage} /> : null}
    </section>
  );
}
