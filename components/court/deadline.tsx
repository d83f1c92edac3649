"use client";

import { formatTimeWithZone } from "@/components/ui/capsule-format";
import { useChainClockReading } from "@/components/network/use-chain-clock";
import { caseClock } from "./move-on";

// A jury period's end in the reader's local time (with its zone) and the time left, counted in chain
// time: the contract checks block timestamps, and a chain's clock may run ahead of this computer's (a
// dev chain moved forward). Every court page counts on one clock (move-on.ts caseClock): the chain's
// latest block time once the page has read it, else an estimate from the case's latest event
// (`chainTimeSeen`, a block's timestamp), so a list, the juror's page and the case page never say two
// times left for one deadline.

/** A case's clock in Unix seconds, ticking every second, and whether it is an estimate (no block read yet). */
export function useCaseClock(chainTimeSeen?: number): { now: number; estimated: boolean } {
  return caseClock(useChainClockReading(), chainTimeSeen);
}

/** The latest block time a case's events show (undefined when it has none). */
export function lastEventTime(item: { juryTimeline: ReadonlyArray<{ at: string }> }): number | undefined {
  const times = item.juryTimeline.map((e) => Number(e.at)).filter((t) => Number.isFinite(t));
  return times.length > 0 ? Math.max(...times) : undefined;
}

export function timeLeft(seconds: number): string {
  const d = Math.floor(seconds / 86_400);
  const h = Math.floor((seconds % 86_400) / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  return `${d > 0 ? `${d} d ` : ""}${h} h ${m} min left`;
}

/**
 * "28 Nov 2026, 14:05 CET · 1 d 3 h 12 min left" (or "ended"). `now`: a chain clock the caller already
 * decides on (the case page's move-on control), so the countdown and the control read the same time;
 * `estimated` says the time left is an estimate.
 */
export function Deadline({ endsAt, chainTimeSeen, testId = "jury-countdown", now: given, estimated: givenEstimated = false }: { endsAt: string; chainTimeSeen?: number; testId?: string; now?: number; estimated?: boolean }) {
  const own = useCaseClock(chainTimeSeen);
  const now = given ?? own.now;
  const estimated = given === undefined ? own.estimated : givenEstimated;
  const left = Number(endsAt) - now;
  return (
    <>
      <time dateTime={new Date(Number(endsAt) * 1000).toISOString()}>{formatTimeWithZone(endsAt)}</time> ·{" "}
      {/* the time left is one piece: on a phone "2 d" was split over two lines */}
      <span className="whitespace-nowrap" data-testid={testId}>{left > 0 ? `${estimated ? "about " : ""}${timeLeft(left)}${estimated ? " (estimated)" : ""}` : "ended; anyone may move the case on"}</span>
    </>
  );
}
