import type { MoveOnState } from "./move-on";

const button = "min-h-11 rounded-md px-4 py-2 text-sm font-semibold disabled:opacity-50";

/**
 * The case page's "Move the case on": a button only once the contract would accept it; before that, that it
 * will be possible when the period ends. The end itself (time and time left) is said once, on the "Ends …"
 * line above it; a second copy of the time here read as a second, different deadline.
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
      You can move the case on when this period ends{orWhenAll}.
      {state.estimated ? " The time left is estimated from the case’s last event: this page has not read the chain’s clock yet." : ""}
    </p>
  );
}
