"use client";

import { describeCountdown, formatCountdown, secondsUntil } from "@/features/capsules/countdown";

// Time left in the voting window on the chain's clock (useChainClock), with words for screen readers.
export function Countdown({ closesAt, now, className = "" }: { closesAt: string; now: number; className?: string }) {
  const left = secondsUntil(closesAt, now);
  return (
    <span className={`font-mono tabular-nums ${className}`} data-testid="countdown" aria-label={describeCountdown(left)} title={describeCountdown(left)}>
      {left > 0 ? formatCountdown(left) : "Voting closed"}
    </span>
  );
}
