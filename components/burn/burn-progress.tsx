import type { Hex } from "viem";
import { AlertLine, StatusLine } from "@/components/ui/form-message";
import { describeWait } from "@/features/burn/burn-due";
import { formatTime } from "@/components/ui/capsule-format";

export type BurnPhase =
  | { step: "idle" }
  | { step: "checking" }
  | { step: "wallet" }
  | { step: "mining"; hash: Hex }
  | { step: "done"; hash: Hex; amount: bigint; nextAt: bigint }
  | { step: "failed"; message: string };

/**
 * Where a burn the visitor started stands, or why it failed. Shown whichever panel the pool's status picks: a
 * refreshed status may already say "not due" (the burn just landed) while the wallet's transaction is still
 * being waited for, or after it failed, and the visitor must still read that.
 */
export function BurnProgress({ phase }: { phase: BurnPhase }) {
  return (
    <>
      <StatusLine
        text={
          phase.step === "checking"
            ? "Checking with the burn pool contract…"
            : phase.step === "wallet"
              ? "Confirm the burn in your wallet…"
              : phase.step === "mining"
                ? `Burn sent; waiting for it to be mined (transaction ${phase.hash})…`
                : undefined
        }
        className="break-all text-sm"
        testId="burn-pending"
      />
      <AlertLine text={phase.step === "failed" ? phase.message : undefined} className="text-sm text-red-800" testId="burn-error" />
    </>
  );
}

/** The panel while no burn is due: when the next one is, and a burn this visitor started that is still in flight or failed. */
export function NotDuePanel({ nextBurnAt, inSeconds, phase }: { nextBurnAt: number; inSeconds: number; phase: BurnPhase }) {
  return (
    <section className="rounded-lg border border-stone-200 bg-stone-50 p-5 text-sm text-stone-700" aria-label="Burn" data-testid="burn-due" data-due="false">
      <p className="font-semibold text-ink" data-testid="burn-due-text">
        No burn is due yet. The next burn is due on {formatTime(nextBurnAt)}, in {describeWait(inSeconds)}.
      </p>
      <p className="mt-1">Until then the burn pool contract refuses a burn; from then on anyone may trigger it here with a wallet.</p>
      <BurnProgress phase={phase} />
    </section>
  );
}
