import { formatTimeWithZone } from "@/components/ui/capsule-format";
import { timeLeft } from "./deadline";
import type { MoveOnState } from "./move-on";

const button = "min-h-11 rounded-md px-4 py-2 text-sm font-semibold disabled:opacity-50";

/**
 * The case page's "Move the case on": a button only once the contract would accept it; before that,
 * when it will be possible (said to be an estimate when the page has not read the chain's clock).
 */
export function MoveOnControl({ state, period, pending, onMove }: { state: MoveOnState; period: string | null; pending: boolean; onMove: () => void }) {
  if (state.kind === "ready") {
    return (
      <button type="button" className={`${button} border border-stone-300 bg-white text-ink hover:bg-stone-50`} disabled={pending} onClick={onMove}>
        {pending ? "Moving the case on…" : "Move the case on"}
      </button>
    );
  }
  const orWhenAll = state.orWhenAll ? `, or as soon as every juror has ${state.orWhenAll}` : "";
  if (state.kind === "unknown") {
    return (
      <p className="text-stone-600" data-testid="move-on-not-yet">
        The {period ?? "evidence"} period can be moved on when it ends{orWhenAll}.
      </p>
    );
  }
  return (
    <p className="text-stone-600" data-testid="move-on-not-yet" data-estimated={state.estimated ? "true" : "false"}>
      You can move the case on from {formatTimeWithZone(state.endsAt)}, when this period ends{orWhenAll}.
      {state.estimated ? ` About ${timeLeft(state.secondsLeft)}, estimated from the case’s last event: this page has not read the chain’s clock yet.` : ""}
    </p>
  );
}
