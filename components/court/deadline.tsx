"use client";

import { useEffect, useState } from "react";
import { useBlock } from "wagmi";
import { CAPSULE_CHAIN_ID } from "@/lib/chain/chain";
import { formatTimeWithZone } from "@/components/ui/capsule-format";

// A jury period's end in the reader's local time (with its zone) and the time left, counted in chain
// time: the contract checks block timestamps, and a chain's clock may run ahead of this computer's
// (a dev chain moved forward), so the latest block's time sets the offset when it is ahead.

/** Chain "now" in Unix seconds, ticking every second. */
export function useChainNow(): number {
  const latest = useBlock({ chainId: CAPSULE_CHAIN_ID, query: { staleTime: 30_000 } });
  const [wall, setWall] = useState(() => Math.floor(Date.now() / 1000));
  const [offset, setOffset] = useState(0);
  useEffect(() => {
    const timer = window.setInterval(() => setWall(Math.floor(Date.now() / 1000)), 1000);
    return () => window.clearInterval(timer);
  }, []);
  const blockTime = latest.data ? Number(latest.data.timestamp) : undefined;
  useEffect(() => {
    if (blockTime !== undefined) setOffset(Math.max(0, blockTime - Math.floor(Date.now() / 1000)));
  }, [blockTime]);
  return wall + offset;
}

export function timeLeft(seconds: number): string {
  const d = Math.floor(seconds / 86_400);
  const h = Math.floor((seconds % 86_400) / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  return `${d > 0 ? `${d} d ` : ""}${h} h ${m} min left`;
}

/** "28 Nov 2026, 14:05 CET · 1 d 3 h 12 min left" (or "ended"). */
export function Deadline({ endsAt, testId = "jury-countdown" }: { endsAt: string; testId?: string }) {
  const now = useChainNow();
  const left = Number(endsAt) - now;
  return (
    <>
      <time dateTime={new Date(Number(endsAt) * 1000).toISOString()}>{formatTimeWithZone(endsAt)}</time> ·{" "}
      <span data-testid={testId}>{left > 0 ? timeLeft(left) : "ended; anyone may move the case on"}</span>
    </>
  );
}
