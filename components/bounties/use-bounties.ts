"use client";

import { keepPreviousData, useQueries, useQuery } from "@tanstack/react-query";
import { call } from "@/lib/api/client";
import { bountyEvaluations } from "@/features/bounty/evaluations.endpoint";
import { bountyProposals } from "@/features/bounty/proposals.endpoint";
import { bountyToken } from "@/features/bounty/token.endpoint";
import type { BountyProposal } from "@/features/bounty/bounty.schema";

// Bounty data through the same-origin proxy /api/bounty/* (its failures arrive as the bridge's
// error body with a readable message: the service is unreachable or cannot read its state).

export const bountyKeys = {
  all: ["bounty"] as const,
  proposals: (offset: number, limit: number) => [...bountyKeys.all, "proposals", { offset, limit }] as const,
  evaluations: (proposalId: string) => [...bountyKeys.all, "evaluations", proposalId] as const,
  token: (address: string) => [...bountyKeys.all, "token", address.toLowerCase()] as const,
};

/** One page of proposals; asks for one more than shown to know whether a next page exists. */
export function useBountyProposals(offset: number, pageSize: number) {
  return useQuery({
    queryKey: bountyKeys.proposals(offset, pageSize),
    queryFn: async () => {
      const page = await call(bountyProposals, { query: { limit: pageSize + 1, offset } });
      return { items: page.items.slice(0, pageSize), hasNext: page.items.length > pageSize, offset: page.offset };
    },
    placeholderData: keepPreviousData,
  });
}

export function useBountyEvaluations(proposals: BountyProposal[] | undefined) {
  return useQueries({
    queries: (proposals ?? []).map((proposal) => ({
      queryKey: bountyKeys.evaluations(proposal.id),
      queryFn: () => call(bountyEvaluations, { query: { limit: 100, proposalId: proposal.id } }),
    })),
  });
}

/** The decimals and symbol of each ERC-20 reward token on the page, read on chain once per token. */
export function useRewardTokens(proposals: BountyProposal[] | undefined) {
  const tokens = [...new Set((proposals ?? []).flatMap((proposal) => (proposal.rewardToken === "native" ? [] : [proposal.rewardToken])))];
  const reads = useQueries({
    queries: tokens.map((address) => ({
      queryKey: bountyKeys.token(address),
      queryFn: () => call(bountyToken, { params: { address } }),
      staleTime: Infinity,
    })),
  });
  return new Map<string, (typeof reads)[number] | undefined>(tokens.map((address, i) => [address, reads[i]]));
}
