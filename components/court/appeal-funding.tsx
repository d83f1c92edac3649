"use client";

import { useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { usePublicClient, useWriteContract } from "wagmi";
import type { Address, Hex } from "viem";
import { parseCapAmount } from "@/components/ui/cap-amount";
import { call } from "@/lib/api/client";
import { juryCourtAbi } from "@/lib/chain/abi";
import { CAPSULE_CHAIN_ID } from "@/lib/chain/chain";
import { courtCase } from "@/features/court/case.endpoint";
import type { TCourtCase } from "@/features/court/court.schema";
import type { AppealQuote } from "@/features/court/appeal-quote";
import { describeAppealError } from "@/features/court/jury-court-error";
import { courtKeys } from "@/components/court/use-court";
import { useSession } from "@/components/wallet/use-session";
import { useEvidenceSide } from "@/components/court/jury-evidence-form";
import { formatCap, formatTimeWithZone } from "@/components/ui/capsule-format";
import { lastEventTime, useCaseClock } from "@/components/court/deadline";
import { TextField, primaryButton } from "@/components/ui/field";
import { useFocusOnMessage } from "@/components/ui/focus-on-message";

// "Fund this appeal" (issue 28 item 5): anyone signed in with a wallet sends JuryCourt.fundAppeal from that
// wallet for either side, the side's remaining need by default. A party's own side is chosen for it and the
// other side is marked as the opponent; a visitor who is neither chooses a side first (nothing is preselected). The amount is shown on the button before
// the wallet asks; a dry run (simulateContract) explains a refusal before anything is paid; then the pending
// transaction, and the funding as the bridge has indexed it once the transaction is mined.

/** What a funding did, in words, and the round the case is in after it (a funding that completes the appeal opens the next). */
export type FundedAppeal = { text: string; round: number };

type Step = { kind: "idle" } | { kind: "checking" } | { kind: "signature" } | { kind: "pending"; hash: Hex } | { kind: "indexing"; hash: Hex };

const sideName = (side: "challenger" | "outlet") => (side === "challenger" ? "the challenger" : "the outlet");

/** Reads the case until the bridge has indexed the transaction (its AppealFunded is in the case's log). */
async function indexedCase(caseId: string, hash: Hex, tries = 60) {
  for (let i = 0; i < tries; i++) {
    const answer = await call(courtCase, { params: { id: caseId } });
    if (answer.case.juryTimeline.some((e) => e.txHash.toLowerCase() === hash.toLowerCase())) return answer;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  return undefined;
}

export function AppealFunding({ item, submitter, quote, onFunded }: { item: TCourtCase; submitter: string | undefined; quote: AppealQuote; onFunded: (funded: FundedAppeal | undefined) => void }) {
  const { wallet, status } = useSession();
  const mySide = useEvidenceSide(item, submitter);
  const publicClient = usePublicClient({ chainId: CAPSULE_CHAIN_ID });
  const { mutateAsync: writeContract } = useWriteContract();
  const queryClient = useQueryClient();
  const now = useCaseClock(lastEventTime(item)).now;
  const unfunded = quote.sides.filter((s) => BigInt(s.remaining) > 0n);
  // the losing side's funding closes half-way through the period (the contract refuses it from then on)
  const open = unfunded.filter((s) => now < Number(s.fundingEndsAt));
  const closed = unfunded.filter((s) => now >= Number(s.fundingEndsAt));
  const [chosen, setChosen] = useState<"challenger" | "outlet" | undefined>();
  const [amount, setAmount] = useState("");
  const [amountError, setAmountError] = useState<string | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [step, setStep] = useState<Step>({ kind: "idle" });
  const errorRef = useFocusOnMessage<HTMLParagraphElement>(error);

  const closedNote =
    closed.length > 0 ? (
      <p className="text-sm text-stone-700" data-testid="appeal-side-closed">
        {closed.map((s) => `Funding for ${sideName(s.side)} closed at ${formatTimeWithZone(s.fundingEndsAt)}`).join("; ")}: the side that lost this round is funded only in the first
        half of the appeal period, so the side that won has time to answer.
      </p>
    ) : null;
  if (unfunded.length === 0) return <p className="text-stone-700">Both sides are fully funded.</p>;
  if (open.length === 0) return closedNote;
  if (status !== "signed-in" || !wallet) {
    return (
      <p className="text-stone-600" data-testid="appeal-sign-in">
        Anyone may fund either side: sign in with a wallet to fund this appeal.
      </p>
    );
  }
  const party = mySide === "challenger" || mySide === "outlet" ? mySide : undefined;
  // a party's own side unless it chose the other; nobody else gets a side chosen for them
  const side = open.find((s) => s.side === (chosen ?? party));
  const remaining = side ? BigInt(side.remaining) : 0n;

  /** The amount in wei: the side's remaining need unless another amount was typed. */
  function valueOf(): bigint | undefined {
    const text = amount.trim();
    if (!side) {
      setAmountError("Choose the side you want to fund.");
      return undefined;
    }
    if (!text) return remaining;
    const parsed = parseCapAmount(text, { example: "2.5" });
    if (parsed.error !== undefined) {
      setAmountError(parsed.error);
      return undefined;
    }
    const wei = parsed.wei;
    if (wei > remaining) {
      setAmountError(`${sideName(side.side)[0]!.toUpperCase()}${sideName(side.side).slice(1)} needs only ${formatCap(remaining)} more; enter at most that.`);
      return undefined;
    }
    return wei;
  }

  async function fund() {
    setError(undefined);
    onFunded(undefined);
    setAmountError(undefined);
    const value = valueOf();
    if (value === undefined || !side || !publicClient || !wallet) return;
    const request = { address: quote.transaction.to as Address, abi: juryCourtAbi, functionName: "fundAppeal", args: [BigInt(quote.juryCaseId), side.sideNumber], value } as const;
    const doing = `fund ${sideName(side.side)}`;
    try {
      setStep({ kind: "checking" });
      // a dry run first: a refusal (side already funded, period over) is told in words before the wallet asks to pay
      await publicClient.simulateContract({ ...request, account: wallet as Address });
      setStep({ kind: "signature" });
      const hash = await writeContract({ ...request, chainId: CAPSULE_CHAIN_ID });
      setStep({ kind: "pending", hash });
      const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 1_000 });
      if (receipt.status !== "success") throw new Error("The transaction was mined but reverted; nothing was paid.");
      setStep({ kind: "indexing", hash });
      const answer = await indexedCase(item.caseId, hash);
      setAmount("");
      setStep({ kind: "idle" });
      if (!answer) {
        onFunded({ text: `Your ${formatCap(value)} for ${sideName(side.side)} is on chain; the page will show it once the bridge has caught up.`, round: quote.round });
        return;
      }
      queryClient.setQueryData(courtKeys.detail(item.caseId), answer);
      void queryClient.invalidateQueries({ queryKey: courtKeys.lists() });
      const next = answer.case;
      onFunded({
        text:
          (next.round ?? 0) > quote.round
            ? `Your ${formatCap(value)} for ${sideName(side.side)} was recorded. Both sides are funded: round ${(next.round ?? 0) + 1} has opened with ${quote.nextRoundJurors} jurors, starting with its evidence period.`
            : `Your ${formatCap(value)} for ${sideName(side.side)} was recorded.`,
        round: next.round ?? quote.round,
      });
    } catch (cause) {
      setStep({ kind: "idle" });
      setError(describeAppealError(cause, doing));
    }
  }

  const busy = step.kind !== "idle";
  const shown = (() => {
    if (!side) return undefined;
    const text = amount.trim();
    if (!text) return remaining;
    return parseCapAmount(text).wei;
  })();
  return (
    <form
      aria-label="Fund this appeal"
      className="mt-3 space-y-3 border-t border-stone-200 pt-3"
      data-testid="appeal-fund-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void fund();
      }}
    >
      <fieldset className="min-w-0 space-y-1">
        <legend className="font-semibold text-ink">Fund this appeal</legend>
        {closedNote}
        <p className="text-sm text-stone-700" data-testid="appeal-your-side">
          {party ? `You speak for ${sideName(party)} in this case.` : mySide === "unknown" ? "Checking whether you speak for a side of this case…" : "You are not a party to this case: choose the side you want to fund."}
        </p>
        {open.map((s) => (
          <label key={s.side} className="flex min-h-11 items-center gap-3">
            <input
              type="radio"
              name={`appeal-side-${item.caseId}`}
              className="h-5 w-5"
              checked={side?.side === s.side}
              disabled={busy}
              onChange={() => {
                setChosen(s.side);
                setAmount("");
                setAmountError(undefined);
              }}
            />
            <span>
              {s.side === "challenger" ? "The challenger" : "The outlet"} (still needs {formatCap(BigInt(s.remaining))})
              {party && s.side !== party ? <span className="font-semibold"> · the other side</span> : party === s.side ? <span className="font-semibold"> · your side</span> : null}
            </span>
          </label>
        ))}
      </fieldset>
      <TextField
        id={`appeal-amount-${item.caseId}`}
        label="Amount in CAP"
        inputMode="decimal"
        hint={side ? `Leave empty to give the whole remaining ${formatCap(remaining)}.` : "Choose a side first."}
        value={amount}
        error={amountError}
        disabled={busy}
        onChange={(e) => {
          setAmountError(undefined);
          setAmount(e.target.value);
        }}
      />
      {party && side && side.side !== party ? (
        <p role="note" className="text-sm font-semibold text-amber-800" data-testid="appeal-other-side">
          This pays toward {sideName(side.side)}’s appeal, the side opposing yours.
        </p>
      ) : null}
      <button type="submit" className={`${primaryButton} min-h-11`} disabled={busy || !side}>
        {step.kind === "checking"
          ? "Checking with the jury court…"
          : step.kind === "signature"
            ? "Confirm in your wallet…"
            : step.kind === "pending"
              ? "Waiting for the transaction…"
              : step.kind === "indexing"
                ? "Updating the funding…"
                : side
                  ? `Pay ${shown === undefined ? "" : `${formatCap(shown)} `}to fund ${sideName(side.side)}`
                  : "Choose a side to fund"}
      </button>
      <p className="text-xs text-stone-600">Sent from your own wallet to the jury court, plus the network’s transaction cost. What becomes of it is said above, under “What happens to the money”.</p>
      {step.kind === "pending" || step.kind === "indexing" ? (
        <p role="status" className="break-all text-stone-700" data-testid="appeal-fund-pending">
          {step.kind === "pending" ? "Transaction sent, waiting for it to be mined: " : "Mined; waiting for the bridge to index it: "}
          <span className="font-mono text-xs">{step.hash}</span>
        </p>
      ) : null}
      {/* the button is disabled while the payment runs: its refusal takes the focus, or it would fall to the page's start */}
      {error ? (
        <p ref={errorRef} tabIndex={-1} role="alert" className="text-red-700 outline-none [overflow-wrap:anywhere] focus-visible:ring-2 focus-visible:ring-accent" data-testid="appeal-fund-error">
          {error}
        </p>
      ) : null}
    </form>
  );
}
