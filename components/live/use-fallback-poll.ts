"use client";

import { useCallback, useEffect, useState } from "react";
import { useLive } from "@/components/live/live-provider";
import { FALLBACK_POLL_BASE_MS, FALLBACK_POLL_MAX_MS, fallbackGap } from "@/lib/live/fallback-poll";

/** A `refetchInterval` for react-query: polls only while the page's push channel is not live, with back-off (lib/live/fallback-poll.ts). */
export function useFallbackPoll(baseMs = FALLBACK_POLL_BASE_MS, maxMs = FALLBACK_POLL_MAX_MS): () => number | false {
  const { state } = useLive();
  const live = state === "live";
  const [downSince, setDownSince] = useState<number | undefined>(undefined);
  useEffect(() => setDownSince(live ? undefined : Date.now()), [live]);
  return useCallback(() => fallbackGap(live, downSince === undefined ? 0 : Date.now() - downSince, baseMs, maxMs), [live, downSince, baseMs, maxMs]);
}
