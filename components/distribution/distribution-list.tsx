"use client";

import { useState } from "react";
import { useDistribution } from "@/components/distribution/use-distribution";
import { ErrorNotice } from "@/components/ui/error-notice";
import { Skeleton } from "@/components/ui/skeleton";
import { Pager } from "@/components/ui/pager";
import { OutletTierCard } from "./outlet-tier-card";
import { failedWithNothing, RefreshFailed } from "@/components/ui/refresh-failed";

const PAGE_SIZE = 10;

// Every active outlet's distribution report, oldest outlet first.
export function DistributionList() {
  const [page, setPage] = useState(1);
  const report = useDistribution(page, PAGE_SIZE);
  const data = report.data;
  if (failedWithNothing(report)) return <ErrorNotice title="Distribution tiers could not be loaded" error={report.error} onRetry={() => void report.refetch()} />;
  if (!data) {
    return (
      <div className="space-y-4" role="status" aria-busy="true" aria-label="Loading distribution tiers">
        {Array.from({ length: 2 }, (_, i) => (
          <div key={i} className="space-y-3 rounded-lg border border-stone-200 bg-white p-5">
            <Skeleton className="block h-6 w-48" />
            <Skeleton className="block h-24 w-full" />
          </div>
        ))}
      </div>
    );
  }
  if (data.items.length === 0) {
    return (
      <p className="rounded-lg border border-stone-200 bg-white p-6 text-sm text-stone-600" data-testid="distribution-empty">
        No active outlets yet. An outlet enters the Standard tier once it verifies its domain on its outlet page.
      </p>
    );
  }
  return (
    <div className="space-y-4">
      <RefreshFailed what="The distribution tiers" read={report} />
      <div className={`space-y-4 ${report.isPlaceholderData ? "opacity-60" : ""}`}>
        {data.items.map((item) => (
          <OutletTierCard key={item.outletSlug} item={item} />
        ))}
      </div>
      {data.total > data.limit ? (
        <div className="rounded-lg border border-stone-200 bg-white">
          <Pager label="Outlet pages" page={data.page} limit={data.limit} total={data.total} hasMore={data.hasMore} onPage={setPage} />
        </div>
      ) : null}
    </div>
  );
}
