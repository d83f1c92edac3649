// When BurnPool.burn() may be called: from nextBurnAt on (chain time), else it reverts BurnNotDue.
// Pure, shared by the bridge's status answer and the /burn page's clock.

export type BurnSchedule = { due: true; overdueSeconds: number } | { due: false; inSeconds: number };

/** `nextBurnAt` and `chainNow` in Unix seconds; chainNow is the time the chain would give the next transaction. */
export function burnSchedule(nextBurnAt: number, chainNow: number): BurnSchedule {
  return chainNow >= nextBurnAt ? { due: true, overdueSeconds: chainNow - nextBurnAt } : { due: false, inSeconds: nextBurnAt - chainNow };
}

/** "6 days 23 hours", "5 hours 10 minutes", "3 minutes", "less than a minute": how long until a time. */
export function describeWait(seconds: number): string {
  if (seconds < 60) return "less than a minute";
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3_600);
  const minutes = Math.floor((seconds % 3_600) / 60);
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
  if (days > 0) return hours > 0 ? `${unit(days, "day")} ${unit(hours, "hour")}` : unit(days, "day");
  if (hours > 0) return minutes > 0 ? `${unit(hours, "hour")} ${unit(minutes, "minute")}` : unit(hours, "hour");
  return unit(minutes, "minute");
}
