"use client";

import { FullAddress } from "@/components/ui/full-address";
import { burnDateSeconds, describeInterval, useBurnStatus } from "@/components/burn/use-burn";
import { ErrorNotice } from "@/components/ui/error-notice";
import { Skeleton } from "@/components/ui/skeleton";
import { formatCap, formatTime } from "@/components/ui/capsule-format";
import { BurnTrigger } from "@/components/burn/burn-trigger";

function Stat({ label, value, note, testId }: { label: string; value: string; note: string; testId: string }) {
  return (
    <div className="rounded-lg border border-stone-200 bg-white p-5 shadow-sm">
      <dt className="text-xs font-semibold uppercase tracking-wide text-stone-500">{label}</dt>
      <dd className="mt-1 font-serif text-2xl font-semibold text-ink [overflow-wrap:anywhere]" data-testid={testId}>
        {value}
      </dd>
      <dd className="mt-1 text-xs text-stone-500">{note}</dd>
    </div>
  );
}

// The four numbers of GET /api/burn/status.
export function BurnStatus() {
  const status = useBurnStatus();
  // a failed refresh keeps what was read before on the page (and the burn a visitor has in flight with it)
  if (status.isError && !status.data) return <ErrorNotice title="The burn pool status could not be loaded" error={status.error} onRetry={() => void status.refetch()} />;
  if (!status.data) {
    return (
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" role="status" aria-busy="true" aria-label="Loading the burn pool">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="block h-28 w-full" />
        ))}
      </div>
    );
  }
  const s = status.data;
  const next = burnDateSeconds(s.nextBurnDate);
  const interval = s.burnIntervalSeconds ? Number(s.burnIntervalSeconds) : 0;
  const lastNote =
    s.lastBurnDate === undefined
      ? "Destroyed by the most recent burn."
      : burnDateSeconds(s.lastBurnDate)
        ? `Destroyed on ${formatTime(s.lastBurnDate)}.`
        : "No burn has happened yet.";
  return (
    <div className="space-y-3">
      {status.isError ? <ErrorNotice title="The burn pool status could not be refreshed; these figures were read earlier" error={status.error} onRetry={() => void status.refetch()} /> : null}
      {s.burnPool && s.chainTime !== undefined ? <BurnTrigger status={s} observedAtMs={status.dataUpdatedAt} onBurned={() => status.refetch()} /> : null}
      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" data-testid="burn-status">
        <Stat label="Pool size" value={formatCap(s.poolSize)} note="Waiting in the pool for the next burn." testId="burn-pool-size" />
        <Stat
          label="Next burn"
          value={next ? formatTime(next) : "Not scheduled"}
          note={`From this time anyone may trigger the burn${interval > 0 ? `; burns are ${describeInterval(interval)} apart` : ""}.`}
          testId="burn-next-date"
        />
        <Stat label="Last burn" value={formatCap(s.lastBurnAmount)} note={lastNote} testId="burn-last-amount" />
        <Stat label="Total burned" value={formatCap(s.totalBurned)} note="Destroyed since the network started." testId="burn-total" />
      </dl>
      {s.burnPool ? (
        <p className="text-xs text-stone-500">
          Read from the burn pool contract <FullAddress address={s.burnPool} label="burn pool address" />
          {s.blockNumber ? ` at block ${s.blockNumber}` : ""}.
        </p>
      ) : null}
    </div>
  );
}
