"use client";

import { useNetworkStatus } from "@/components/network/use-system";
import { Card } from "@/components/ui/card";
import { Loading } from "@/components/ui/skeleton";
import { ErrorNotice } from "@/components/ui/error-notice";
import { failedWithNothing, RefreshFailed } from "@/components/ui/refresh-failed";

function Stat({ label, value, testId }: { label: string; value: React.ReactNode; testId: string }) {
  return (
    <div>
      <dt className="text-xs uppercase tracking-wide text-stone-500">{label}</dt>
      <dd className="mt-1 font-mono text-lg" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

export function NetworkOverview() {
  const status = useNetworkStatus({ everyMs: 15_000 });
  if (failedWithNothing(status)) return <ErrorNotice title="Network status is unavailable" error={status.error} onRetry={() => void status.refetch()} />;
  const data = status.data;
  const loading = <Loading inline label="Loading the network status" bars={["h-6 w-24"]} />;
  return (
    <Card title="Network">
      <RefreshFailed what="The network status" read={status} className="mb-4" />
      <dl className="grid grid-cols-2 gap-6 sm:grid-cols-4">
        <Stat label="Network" testId="network-name" value={data ? data.network : loading} />
        <Stat label="Chain id" testId="chain-id" value={data ? `${data.chainId} (${data.chainIdHex})` : loading} />
        <Stat label="Block height" testId="block-height" value={data ? (data.node.blockNumber ?? "node unreachable") : loading} />
        <Stat
          label="Indexer"
          testId="indexer-status"
          value={
            data
              ? data.indexer.lastIndexedBlock === null
                ? data.indexer.enabled ? "starting" : "off"
                : `block ${data.indexer.lastIndexedBlock}, ${data.indexer.lagBlocks ?? 0} behind`
              : loading
          }
        />
      </dl>
      {data && !data.node.reachable ? (
        <p role="status" className="mt-4 rounded bg-amber-50 p-3 text-sm text-amber-900">
          The chain node is not answering. Votes and submissions are paused until it is back.
        </p>
      ) : null}
    </Card>
  );
}
