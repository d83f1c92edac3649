"use client";

import { useEffect, useState } from "react";
import { chainNow } from "@/features/capsules/countdown";
import { useLive } from "@/components/live/live-provider";
import { useNetworkStatus } from "./use-system";

/** The chain's clock (latest block time, advanced locally every second), for countdowns and "is the window closed". */
export function useChainClock(): number {
  return useChainClockReading().now;
}

/** The chain's clock and whether it comes from a block this page read (false: the wall clock, no block seen yet). */
export function useChainClockReading(): { now: number; fromBlock: boolean } {
  const status = useNetworkStatus();
  const live = useLive();
  const polled = status.data?.node.blockTimestamp ? Number(status.data.node.blockTimestamp) : undefined;
  // a pushed block (GET /api/live) moves the clock the moment it is mined; the status read is the fallback
  const pushed = live.head && (!polled || live.head.observedAt >= status.dataUpdatedAt);
  const blockTimestamp = pushed ? live.head?.blockTime : polled;
  const observedAt = pushed ? (live.head?.observedAt ?? 0) : status.dataUpdatedAt;
  const [nowMs, setNowMs] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNowMs(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, []);
  return { now: chainNow(blockTimestamp, observedAt || nowMs, nowMs), fromBlock: blockTimestamp !== undefined && Number.isFinite(blockTimestamp) };
}
