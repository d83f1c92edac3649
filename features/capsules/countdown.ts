// Countdowns to a voting window's close, measured on the chain's clock (docs/ARCHITECTURE.md, "Where truth lives": "now" is the
// latest block's time), so a page agrees with the contract even when dev tooling moves chain time.

/** "2d 03h 15m", "3h 04m 05s", "4m 09s", "12s"; "closed" at or after zero. */
export function formatCountdown(secondsLeft: number): string {
  if (!Number.isFinite(secondsLeft) || secondsLeft <= 0) return "closed";
  const total = Math.floor(secondsLeft);
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3_600);
  const minutes = Math.floor((total % 3_600) / 60);
  const seconds = total % 60;
  const pad = (n: number) => String(n).padStart(2, "0");
  if (days > 0) return `${days}d ${pad(hours)}h ${pad(minutes)}m`;
  if (hours > 0) return `${hours}h ${pad(minutes)}m ${pad(seconds)}s`;
  if (minutes > 0) return `${minutes}m ${pad(seconds)}s`;
  return `${seconds}s`;
}

/** Words for a screen reader: "2 days, 3 hours and 15 minutes left". */
export function describeCountdown(secondsLeft: number): string {
  if (!Number.isFinite(secondsLeft) || secondsLeft <= 0) return "Voting has closed";
  const total = Math.floor(secondsLeft);
  const parts: Array<[number, string]> = [
    [Math.floor(total / 86_400), "day"],
    [Math.floor((total % 86_400) / 3_600), "hour"],
    [Math.floor((total % 3_600) / 60), "minute"],
  ];
  const words = parts.filter(([n]) => n > 0).map(([n, unit]) => `${n} ${unit}${n === 1 ? "" : "s"}`);
  if (words.length === 0) return `${total} second${total === 1 ? "" : "s"} left`;
  const last = words.pop();
  return `${words.length > 0 ? `${words.join(", ")} and ${last}` : last} left`;
}

/**
 * The chain's "now" in Unix seconds: the latest block time observed at `observedAtMs`, advanced by
 * the wall time since; never behind the wall clock (anvil mines blocks only on demand).
 */
export function chainNow(blockTimestamp: number | undefined, observedAtMs: number, nowMs: number): number {
  const wall = Math.floor(nowMs / 1000);
  if (blockTimestamp === undefined || !Number.isFinite(blockTimestamp)) return wall;
  return Math.max(wall, blockTimestamp + Math.floor((nowMs - observedAtMs) / 1000));
}

/** Seconds from `now` to `closesAt` (both Unix seconds; closesAt as the bridge's decimal string). */
export function secondsUntil(closesAt: string | number, now: number): number {
  const close = Number(closesAt);
  return Number.isFinite(close) && close > 0 ? close - now : 0;
}
