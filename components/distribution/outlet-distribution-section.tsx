"use client";

import { useOutletDistribution } from "@/components/distribution/use-distribution";
import { ErrorNotice } from "@/components/ui/error-notice";
import { Skeleton } from "@/components/ui/skeleton";
import { OutletTierCard } from "./outlet-tier-card";
import { failedWithNothing, RefreshFailed } from "@/components/ui/refresh-failed";

// The outlet page's distribution report: tier, factors with their samples, benefits, next tier, channels.
export function OutletDistributionSection({ slug }: { slug: string }) {
  const report = useOutletDistribution(slug);
  if (failedWithNothing(report)) return <ErrorNotice title="The distribution report could not be loaded" error={report.error} onRetry={() => void report.refetch()} />;
  if (!report.data) {
    return (
      <div className="space-y-3 rounded-lg border border-stone-200 bg-white p-5" role="status" aria-busy="true" aria-label="Loading the distribution report">
        <Skeleton className="block h-6 w-48" />
        <Skeleton className="block h-24 w-full" />
      </div>
    );
  }
  const item = report.data.items[0];
  return item ? (
    <>
      <RefreshFailed what="The distribution report" read={report} />
      <OutletTierCard item={item} onOutletPage />
    </>
  ) : null;
}
