// Whether a jury case can be moved on now (JuryCourt.advancePeriod), decided on ONE clock: the chain's
// latest block time when the page has read it, else an estimate from the case's last event. The
// countdown beside it reads the same clock, so the two never disagree, and the page never offers a
// click the contract would refuse while the period's known end is still ahead.

export type MoveOnState =
  /** The period ended (or every juror acted): the button. */
  | { kind: "ready" }
  /** The period's end is known and not reached: when it will be possible instead of a button. */
  | { kind: "wait"; endsAt: number; secondsLeft: number; estimated: boolean; orWhenAll: "committed" | "revealed" | null }
  /** The end is not known yet (the projection has not seen it): what to wait for, in words. */
  | { kind: "unknown"; orWhenAll: "committed" | "revealed" | null };

export type MoveOnInput = {
  period: string | null;
  periodEndsAt: string | null;
  /** every juror of the round committed (commit period) or revealed (reveal period) */
  workDone: boolean;
  /** chain "now" in Unix seconds */
  now: number;
  /** true when `now` is estimated from the case's last event, not read from the chain's latest block */
  estimated: boolean;
};

export function moveOnState({ period, periodEndsAt, workDone, now, estimated }: MoveOnInput): MoveOnState {
  const orWhenAll = period === "commit" ? "committed" : period === "reveal" ? "revealed" : null;
  if (workDone) return { kind: "ready" };
  if (periodEndsAt === null) return { kind: "unknown", orWhenAll };
  const endsAt = Number(periodEndsAt);
  if (now >= endsAt) return { kind: "ready" };
  return { kind: "wait", endsAt, secondsLeft: endsAt - now, estimated, orWhenAll };
}

/** The chain "now" the case page uses: the block clock when known, else the wall clock moved up to the case's last event. */
export function caseClock(reading: { now: number; fromBlock: boolean }, lastEvent: number | undefined): { now: number; estimated: boolean } {
  if (reading.fromBlock) return { now: reading.now, estimated: false };
  return { now: Math.max(reading.now, lastEvent ?? 0), estimated: true };
}
