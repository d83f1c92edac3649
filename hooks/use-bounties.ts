"use client";

import { keepPreviousData, useQueries, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { bountyErrorBodySchema, bountyEvaluationPageSchema, bountyProposalPageSchema, type BountyProposal } from "@/lib/schemas/bounty";

// Bounty data through the same-origin proxy /api/bounty/* (app/api/bounty/[...path]/route.ts).

export const bountyKeys = {
  all: ["bounty"] as const,
  proposals: (offset: number, limit: number) => [...bountyKeys.all, "proposals", { offset, limit }] as const,
  evaluations: (proposalId: string) => [...bountyKeys.all, "evaluations", proposalId] as const,
};

export class BountyFetchError extends Error {}

const messages: Record<string, string> = {
  bounty_state_unavailable: "The bounty service cannot read its state right now. Try again in a moment.",
  bounty_service_unreachable: "The bounty service is not answering. Try again in a moment.",
};

async function getBounty<T extends z.ZodType>(path: string, schema: T): Promise<z.infer<T>> {
  let response: Response;
  try {
    response = await fetch(`/api/bounty/${path}`, { headers: { accept: "application/json" } });
  } catch {
    throw new BountyFetchError("Could not reach the Capsule server. Check your connection and try again.");
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const parsed = bountyErrorBodySchema.safeParse(body);
    const code = parsed.success ? parsed.data.error.code : "";
    throw new BountyFetchError(messages[code] ?? `The bounty service answered with an error (HTTP ${response.status}).`);
  }
  return schema.parse(body);
}

/** One page of proposals; asks for one more than shown to know whether a next page exists. */
export function useBountyProposals(offset: number, pageSize: number) {
  return useQuery({
    queryKey: bountyKeys.proposals(offset, pageSize),
    queryFn: async () => {
      const page = await getBounty(`v1/bounty-proposals?limit=${pageSize + 1}&offset=${offset}`, bountyProposalPageSchema);
      return { items: page.items.slice(0, pageSize), hasNext: page.items.length > pageSize, offset: page.offset };
    },
    placeholderData: keepPreviousData,
  });
}

export function useBountyEvaluations(proposals: BountyProposal[] | undefined) {
  return useQueries({
    queries: (proposals ?? []).map((proposal) => ({
      queryKey: bountyKeys.evaluations(proposal.id),
      queryFn: () => getBounty(`v1/bounty-evaluations?limit=100&proposalId=${encodeURIComponent(proposal.id)}`, bountyEvaluationPageSchema),
    })),
  });
}
