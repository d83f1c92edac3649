"use client";

import { useState } from "react";
import { useBountyEvaluations, useBountyProposals, useRewardTokens } from "@/components/bounties/use-bounties";
import { ErrorNotice } from "@/components/ui/error-notice";
import { Skeleton } from "@/components/ui/skeleton";
import { ProposalCard } from "./proposal-card";
import { SampleNotice } from "./sample-mark";
import { failedWithNothing, RefreshFailed } from "@/components/ui/refresh-failed";

const PAGE_SIZE = 5;
const pagerButton =
  "rounded-md border border-stone-300 bg-white px-4 py-2 text-sm font-medium text-stone-800 hover:bg-stone-100 disabled:cursor-not-allowed disabled:opacity-40";

export function BountyBoard() {
  const [offset, setOffset] = useState(0);
  const proposals = useBountyProposals(offset, PAGE_SIZE);
  const evaluations = useBountyEvaluations(proposals.data?.items);
  const tokens = useRewardTokens(proposals.data?.items);

  if (failedWithNothing(proposals)) return <ErrorNotice title="Bounty proposals are unavailable" error={proposals.error} onRetry={() => void proposals.refetch()} />;
  const page = proposals.data;
  const items = page?.items ?? [];

  return (
    <div className="space-y-4">
      <RefreshFailed what="The bounty proposals" read={proposals} />
      {items.some((proposal) => proposal.sample) ? <SampleNotice /> : null}
      {!page ? (
        <div className="space-y-4" role="status" aria-busy="true" aria-label="Loading proposals">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} className="block h-48 w-full" />
          ))}
        </div>
      ) : items.length === 0 ? (
        <p className="rounded-lg border border-dashed border-stone-300 bg-white p-6 text-stone-600">
          {offset === 0
            ? "No bounty proposals yet. Proposals appear here once the bounty engine's state is loaded (npm run bounty:load)."
            : "No more proposals."}
        </p>
      ) : (
        <div className={`space-y-4 ${proposals.isPlaceholderData ? "opacity-60" : ""}`} data-testid="bounty-list">
          {items.map((proposal, i) => (
            <ProposalCard
              key={proposal.id}
              proposal={proposal}
              token={tokens.get(proposal.rewardToken)}
              evaluations={evaluations[i]?.data?.items}
              evaluationsError={Boolean(evaluations[i]?.isError)}
            />
          ))}
        </div>
      )}
      <nav aria-label="Bounty pages" className="flex flex-wrap items-center justify-between gap-3 pt-2">
        <button type="button" className={pagerButton} disabled={offset === 0 || proposals.isFetching} onClick={() => setOffset(Math.max(0, offset - PAGE_SIZE))}>
          ← Previous
        </button>
        <p className="text-sm text-stone-600" aria-live="polite" data-testid="bounty-range">
          {items.length > 0 ? `Proposals ${offset + 1}–${offset + items.length}` : ""}
        </p>
        <button type="button" className={pagerButton} disabled={!page?.hasNext || proposals.isFetching} onClick={() => setOffset(offset + PAGE_SIZE)}>
          Next →
        </button>
      </nav>
    </div>
  );
}
