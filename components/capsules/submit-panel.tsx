"use client";

import Link from "next/link";
import { useEffect, useState } from "react";
import { useWaitForTransactionReceipt, useWriteContract } from "wagmi";
import type { Address, Hex } from "viem";
import { articleRegistryAbi } from "@/lib/chain/abi";
import { feeSplit, SUBMISSION_FEE_WEI } from "@/lib/chain/fee-split";
import { submitVoucherFromJson } from "@/lib/chain/vouchers";
import { describeWalletError } from "@/lib/wallet/wallet-error";
import { useCapsule, useRequestSubmission } from "@/components/capsules/use-capsules";
import { formatCap, formatTime, formatUtcClock } from "@/components/ui/capsule-format";
import { primaryButton } from "@/components/ui/field";
import { BondShortfall } from "@/components/bonds/bond-shortfall";
import { BondNeeded, bondTopUp } from "@/components/bonds/bond-needed";
import { useFocusOnMessage } from "@/components/ui/focus-on-message";
import { timerDelayUntil } from "@/lib/time/timer-delay";
import { issuedBefore } from "./voucher-words";

type Step = "idle" | "authorizing" | "signature" | "pending" | "confirmed" | "indexed";

// Each step in words while it runs and once it is done.
const stepLabels: Array<{ step: Step; doing: string; done: string }> = [
  { step: "authorizing", doing: "This site checks the draft and authorizes its submission…", done: "This site checked the draft and authorized its submission" },
  { step: "signature", doing: "Confirm the payment in your wallet…", done: "You confirmed the payment in your wallet" },
  { step: "pending", doing: "Transaction sent; waiting for it to be mined…", done: "Transaction mined" },
  { step: "confirmed", doing: "Confirmed on chain; waiting for this site to record it…", done: "This site recorded the submission" },
  { step: "indexed", doing: "Opening the vote…", done: "The vote is open" },
];
const order: Step[] = ["idle", "authorizing", "signature", "pending", "confirmed", "indexed"];

/** How often the panel reads the draft while a voucher it was given may still reach the chain after its wallet step failed. */
const OUTSTANDING_CHECK_MS = 3_000;

/** The voucher this panel was given: the chain takes it until `until`, whatever happened in the wallet. */
type GivenVoucher = { until: Date; givenAt: number };

// Submission: the 30-CAP fee and its six-way split, then the wallet pays ArticleRegistry.submitCapsule
// with the bridge's voucher; the page follows the transaction until the capsule is pending.
export function SubmitPanel(props: {
  capsuleId: string;
  ready: boolean;
  notReadyReason?: string;
  /** When the reason is a field with a problem further up: takes the writer there. */
  onShowProblem?: () => void;
  /** Saves the draft first: true when all of it is saved, else why not (shown as the panel's error). */
  beforeSubmit: () => Promise<true | string>;
  /** The saved draft's revision, which the submission names (the bridge refuses it when the draft was saved since). */
  revision?: () => number | undefined;
  /** A refused submission the page explains (the draft was saved elsewhere): why in words, else undefined. */
  explainRefusal?: (error: unknown) => string | undefined;
  /** The bridge gave this panel a voucher (its deadline, unix seconds): a submission under way with it is this tab's own. */
  onVoucher?: (deadline: string) => void;
  /** The form is locked from the voucher on: the chain must receive exactly the content it commits to. */
  onLockChange?: (locked: boolean) => void;
  /** Once the vote is open: the page stops calling it a draft. */
  onSubmitted?: () => void;
}) {
  const request = useRequestSubmission(props.capsuleId);
  const { mutateAsync: writeContract } = useWriteContract();
  const [step, setStep] = useState<Step>("idle");
  const [failed, setFailed] = useState(false);
  const [hash, setHash] = useState<Hex | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [refusal, setRefusal] = useState<unknown>();
  const [voucher, setVoucher] = useState<GivenVoucher | undefined>();
  const [lapsed, setLapsed] = useState(false);
  // Submit pressed again while an earlier voucher was held: the attempt runs with a new voucher, and the page says which
  const [earlier, setEarlier] = useState<GivenVoucher | undefined>();
  const errorBox = useFocusOnMessage<HTMLParagraphElement>(error);
  const receipt = useWaitForTransactionReceipt({ hash, pollingInterval: 1_000, query: { enabled: Boolean(hash) } });
  // The wallet step failed (declined, reverted, or not followed) after the bridge gave a voucher: the chain still takes
  // that voucher until its deadline, so the draft stays locked to the version it commits to until it lapses (or the
  // chain turns out to have the capsule after all). Submitting again is allowed at once.
  const held = failed && voucher !== undefined && !lapsed;
  const capsule = useCapsule(props.capsuleId, { poll: step === "confirmed" ? 1_000 : held ? OUTSTANDING_CHECK_MS : false });
  const { refetch: refetchCapsule } = capsule;

  useEffect(() => {
    if (step === "pending" && receipt.data) {
      if (receipt.data.status === "success") setStep("confirmed");
      else {
        setFailed(true);
        setError("The transaction was reverted on chain, so no fee was taken. Check the draft and try again.");
      }
    }
    if (step === "pending" && receipt.isError) {
      setFailed(true);
      setError(describeWalletError(receipt.error, "follow the transaction"));
    }
  }, [step, receipt.data, receipt.isError, receipt.error]);

  const status = capsule.data?.capsule.status;
  useEffect(() => {
    if (step === "confirmed" && status && status !== "draft") setStep("indexed");
  }, [step, status]);

  // While held: a read made after the voucher was given decides. Still a draft with no submission under way: the
  // voucher lapsed on the chain's clock (editing opens again). No longer a draft: the transaction the wallet step lost
  // sight of reached the chain after all, and the panel follows it as if it had never failed. The wall clock passing
  // the deadline ends the hold too (the bridge judges by the later of the chain's clock and the wall clock).
  const readAt = capsule.dataUpdatedAt;
  const underWay = capsule.data?.submissionUnderWay;
  useEffect(() => {
    if (!held || !voucher || readAt <= voucher.givenAt || !status) return;
    if (status !== "draft") {
      setFailed(false);
      setError(undefined);
      setStep("confirmed");
    } else if (!underWay) setLapsed(true);
  }, [held, voucher, readAt, status, underWay]);
  useEffect(() => {
    if (!held || !voucher) return;
    const until = voucher.until.getTime();
    let timer: ReturnType<typeof setTimeout>;
    // a deadline weeks away (the chain's clock can run ahead of the wall clock) is waited for in steps a timer holds
    const wait = () => {
      timer = setTimeout(() => (Date.now() >= until ? setLapsed(true) : wait()), timerDelayUntil(until, Date.now()));
    };
    wait();
    return () => clearTimeout(timer);
  }, [held, voucher]);
  const { onSubmitted } = props;
  useEffect(() => {
    if (step === "indexed") onSubmitted?.();
  }, [step, onSubmitted]);

  async function submit() {
    setEarlier(held ? voucher : undefined);
    setError(undefined);
    setRefusal(undefined);
    setFailed(false);
    setHash(undefined);
    const saved = await props.beforeSubmit();
    if (saved !== true) {
      setError(saved);
      return;
    }
    try {
      setStep("authorizing");
      const answer = await request.mutateAsync(props.revision?.());
      props.onVoucher?.(answer.deadline);
      setVoucher({ until: new Date(Number(answer.deadline) * 1000), givenAt: Date.now() });
      setLapsed(false);
      // A read of the draft that began before the bridge recorded the voucher (a save's, a push's, a poll's) can end
      // after it, without the submission under way, and would be taken for the voucher's lapse: cancel it and read again.
      void refetchCapsule({ cancelRefetch: true });
      setStep("signature");
      const tx = await writeContract({
        address: answer.registry as Address,
        abi: articleRegistryAbi,
        functionName: "submitCapsule",
        args: [submitVoucherFromJson(answer.voucher), answer.signature as Hex],
        value: BigInt(answer.fee),
        chainId: answer.chainId,
      });
      setHash(tx);
      setStep("pending");
    } catch (cause) {
      setFailed(true);
      const explained = props.explainRefusal?.(cause);
      if (explained) setError(explained);
      else if (bondTopUp(cause)) setRefusal(cause);
      else setError(describeWalletError(cause, "submit the capsule"));
    }
  }

  const busy = step !== "idle" && step !== "indexed" && !failed;
  const { onLockChange } = props;
  useEffect(() => onLockChange?.(step !== "idle" && (!failed || held)), [step, failed, held, onLockChange]);
  const passed = (s: Step) => order.indexOf(step) > order.indexOf(s) || (s === "indexed" && step === "indexed");
  const closesAt = capsule.data?.capsule.closesAt;
  // why Submit waits, beside it and as its description (a disabled button says nothing of why on its own)
  const notReadyShown = !props.ready && Boolean(props.notReadyReason) && step === "idle";

  return (
    <section aria-labelledby="submit-heading" className="space-y-4" data-testid="submit-panel">
      <h2 id="submit-heading" className="text-lg font-semibold">
        Submit for the editors’ vote
      </h2>
      <div>
        <p className="text-sm text-stone-700">
          Submitting costs <strong data-testid="submit-fee">{formatCap(SUBMISSION_FEE_WEI)}</strong>, paid from your wallet and split on chain:
        </p>
        <table className="mt-2 w-full max-w-md text-sm" data-testid="fee-split">
          <tbody>
            {feeSplit.map((share) => (
              <tr key={share.key} className="border-b border-stone-100">
                <th scope="row" className="py-1 text-left font-normal text-stone-700">
                  {share.label}
                </th>
                <td className="py-1 text-right tabular-nums text-stone-500">{share.percent}%</td>
                <td className="py-1 text-right tabular-nums">{formatCap(share.amountWei)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {step === "idle" || failed ? <BondShortfall action="submitting this capsule" /> : null}
      {step === "indexed" && closesAt ? (
        <div role="status" className="rounded-md border border-emerald-300 bg-emerald-50 p-4 text-emerald-950" data-testid="submit-done">
          <p className="font-semibold">Voting is open until {formatTime(closesAt)}.</p>
          <p className="mt-1 text-sm">
            <Link href={`/capsules/${props.capsuleId}`} className="underline">
              Follow the vote
            </Link>
          </p>
        </div>
      ) : (
        <button type="button" className={primaryButton} disabled={!props.ready || busy} aria-describedby={notReadyShown ? "submit-not-ready-reason" : undefined} onClick={() => void submit()}>
          {busy ? "Submitting…" : `Submit and pay ${formatCap(SUBMISSION_FEE_WEI)}`}
        </button>
      )}
      {notReadyShown ? (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2" data-testid="submit-not-ready">
          <p id="submit-not-ready-reason" className="text-sm text-stone-600">{props.notReadyReason}</p>
          {props.onShowProblem ? (
            <button type="button" onClick={props.onShowProblem} className="min-h-11 rounded-md border border-stone-300 bg-white px-3 text-sm font-semibold hover:bg-stone-50">
              Go to the first marked field
            </button>
          ) : null}
        </div>
      ) : null}
      {step !== "idle" ? (
        <ol className="space-y-1 text-sm" aria-label="Submission progress" data-testid="submit-progress">
          {stepLabels.map(({ step: s, doing, done: doneText }) => {
            const done = passed(s);
            const current = step === s && !done;
            const stopped = current && failed;
            return (
              <li
                key={s}
                className={stopped ? "font-semibold text-red-800" : done ? "text-emerald-800" : current ? "font-semibold text-ink" : "text-stone-500"}
                aria-current={current ? "step" : undefined}
                data-step={s}
                data-done={done}
              >
                <span aria-hidden="true">{stopped ? "✖" : done ? "✓" : current ? "…" : "○"}</span> {stopped ? `Stopped: ${doing.replace(/…$/, "")}` : done ? doneText : doing}
                {s === "pending" && hash ? <span className="ml-2 break-all font-mono text-xs text-stone-600" data-testid="submit-tx">{hash}</span> : null}
                {s === "pending" && done && receipt.data ? <span className="ml-2 text-xs text-stone-600">in block {receipt.data.blockNumber.toString()}</span> : null}
              </li>
            );
          })}
        </ol>
      ) : null}
      {refusal ? <BondNeeded error={refusal} /> : null}
      {error ? (
        <p ref={errorBox} tabIndex={-1} role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900" data-testid="submit-error">
          {error}
        </p>
      ) : null}
      <div role="status" data-testid="submit-voucher-region">
        {!failed && earlier && voucher && voucher !== earlier && step !== "indexed" ? (
          <p className="rounded-md border border-sky-300 bg-sky-50 p-3 text-sm text-sky-950" data-testid="submit-voucher-replaced">
            {/* to the second, and how far apart they were given: two authorizations given seconds apart read apart */}
            This attempt uses a new authorization from this site, valid until{" "}
            <time dateTime={voucher.until.toISOString()}>{formatUtcClock(voucher.until, new Date(), { seconds: true })}</time>. The earlier one, given{" "}
            {issuedBefore(earlier.givenAt, voucher.givenAt)} before it and {earlier.until.getTime() === voucher.until.getTime() ? "also valid until" : "valid until"}{" "}
            <time dateTime={earlier.until.toISOString()}>{formatUtcClock(earlier.until, new Date(), { seconds: true })}</time>, is for this same version,
            since the draft stayed locked: it cannot bring another version to the chain. Whichever of the two reaches the chain first submits this
            version, and the chain refuses the other.
          </p>
        ) : failed && voucher ? (
          held ? (
            <p className="rounded-md border border-sky-300 bg-sky-50 p-3 text-sm text-sky-950" data-testid="submit-voucher-held" data-until={voucher.until.toISOString()}>
              This site’s authorization to submit this version can still reach the chain until{" "}
              <time dateTime={voucher.until.toISOString()}>{formatUtcClock(voucher.until)}</time>, so the draft stays locked until then: the chain must receive
              exactly the version it authorized. Submit again now, or edit the draft after that time; this page unlocks it by itself.
            </p>
          ) : (
            <p className="text-sm text-stone-700" data-testid="submit-voucher-lapsed">
              The authorization lapsed without reaching the chain: the draft can be edited again.
            </p>
          )
        ) : null}
      </div>
    </section>
  );
}
