"use client";

import { contractLabels } from "@/components/network/contract-labels";
import { FullAddress } from "@/components/ui/full-address";
import { useContractsSummary } from "@/components/network/use-system";
import { Card } from "@/components/ui/card";
import { Loading } from "@/components/ui/skeleton";
import { ErrorNotice } from "@/components/ui/error-notice";
import { failedWithNothing, RefreshFailed } from "@/components/ui/refresh-failed";

export function ContractList() {
  const summary = useContractsSummary();
  if (failedWithNothing(summary)) return <ErrorNotice title="Contract addresses are unavailable" error={summary.error} onRetry={() => void summary.refetch()} />;
  return (
    <Card title="Contracts">
      <RefreshFailed what="The contract addresses" read={summary} className="mb-4" />
      {!summary.data ? (
        <Loading label="Loading the contract addresses" bars={["block h-5 w-full", "block h-5 w-5/6", "block h-5 w-4/6"]} />
      ) : !summary.data.deployed ? (
        <p className="text-sm text-stone-600">No contracts are deployed on this chain yet. `npm start` deploys them on first start.</p>
      ) : (
        <table className="w-full text-left text-sm">
          <thead>
            <tr className="text-xs uppercase tracking-wide text-stone-500">
              <th className="py-2 pr-4 font-medium">Contract</th>
              <th className="py-2 pr-4 font-medium">Address</th>
              <th className="hidden py-2 font-medium sm:table-cell">Deployed in block</th>
            </tr>
          </thead>
          <tbody data-testid="contract-rows">
            {Object.entries(summary.data.contracts).map(([name, entry]) => (
              <tr key={name} className="border-t border-stone-100">
                <td className="py-2 pr-4">{contractLabels[name] ?? name}</td>
                <td className="py-2 pr-4 text-xs">
                  <FullAddress address={entry.address} label={`address of ${contractLabels[name] ?? name}`} />
                </td>
                <td className="hidden py-2 font-mono text-xs sm:table-cell">{entry.blockNumber}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Card>
  );
}
