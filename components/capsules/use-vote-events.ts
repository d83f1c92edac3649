"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { call } from "@/lib/api/client";
import { capsuleVotes } from "@/features/voting/votes.endpoint";
import { useLive, type LiveState } from "@/components/live/live-provider";
import { VOTE_CAST_KIND } from "@/lib/live/live-event";
import { capsuleKeys } from "./use-capsules";

// Votes from the bridge (GET /api/capsules/:id/votes: the indexed projection, with the tally of the
// same read). When a change names the capsule, the page's push channel gives this query the change's
// voter rows and tally (read in one snapshot), or reads it again when the rows do not continue it, so
// the voter row and the tally always arrive together and render together.

export const VOTES_PER_PAGE = 50;
export type LiveVotes = { state: LiveState; /** pushed VoteCast changes of this capsule since the page opened */ received: number };

/** `enabled`: false while the capsule is a draft (no votes, and an anonymous read of a draft is a 404). */
export function useVoteList(capsuleId: string, page = 1, enabled = true) {
  return useQuery({
    enabled,
    queryKey: [...capsuleKeys.votes(capsuleId), page] as const,
    queryFn: () => call(capsuleVotes, { params: { id: capsuleId }, query: { page, limit: VOTES_PER_PAGE } }),
    placeholderData: keepPreviousData,
  });
}

/** Counts pushed VoteCast changes of the capsule (the refetch itself is the provider's). */
export function useVoteEvents(capsuleId: string, enabled: boolean): LiveVotes {
  const live = useLive();
  const [received, setReceived] = useState(0);
  const { subscribe } = live;
  useEffect(() => {
    if (!enabled) return;
    return subscribe((event) => {
      if (event.type === "change" && event.capsuleIds.includes(capsuleId) && event.kinds.includes(VOTE_CAST_KIND)) setReceived((n) => n + 1);
    });
  }, [enabled, capsuleId, subscribe]);
  return { state: enabled ? live.state : "offline", received };
}
