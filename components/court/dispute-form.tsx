"use client";

import { useEffect, useState, type FormEvent } from "react";
import { usePublicClient, useWaitForTransactionReceipt, useWriteContract } from "wagmi";
import type { Address, Hex } from "viem";
import { useFormDraft } from "@/components/ui/use-form-draft";
import { ZDisputeFields } from "@/features/court/court.schema";
import type { TCapsuleResponse } from "@/features/capsules/capsules.schema";
import { juryCourtAbi } from "@/lib/chain/abi";
import { CAPSULE_CHAIN_ID } from "@/lib/chain/chain";
import { claimKey } from "@/lib/chain/jury-claims";
import { describeOpenCaseError } from "@/features/court/jury-court-error";
import { useOpenDispute, type DisputeInput } from "@/components/court/use-court";
import { useJuryFee } from "@/components/court/use-jury";
import { useSession } from "@/components/wallet/use-session";
import { TextArea, primaryButton } from "@/components/ui/field";
import { formatCap } from "@/components/ui/capsule-format";
import { BondNeeded, bondTopUp } from "@/components/bonds/bond-needed";
import { apiFieldErrors, zodFieldErrors, type FieldErrors } from "@/components/outlets/field-errors";
import { claimName } from "./article-numbers";
import { claimTypeName } from "@/components/ui/claim-type-labels";

type Evidence = TCapsuleResponse["evidence"][number];
type Claim = TCapsuleResponse["claims"][number];
/** idle → the wallet confirms the payment → the transaction is mined → the bridge files the case. */
type Step = "idle" | "signature" | "pending" | "filing";
type Opened = ReturnType<typeof useOpenDispute>["data"];

const selectClass = (error?: string) => `mt-1 w-full rounded-md border bg-white px-3 py-2 text-sm text-ink ${error ? "border-red-500" : "border-stone-300"}`;

function readableErrors(input: DisputeInput, found: FieldErrors): FieldErrors {
  const errors = { ...found };
  const grounds = input.grounds.trim().length;
  if (errors.grounds && grounds < 20) errors.grounds = grounds === 0 ? "Explain your grounds." : `Write at least 20 characters (now ${grounds}).`;
  return errors;
}

const CLAIM_DRAFT_SEPARATOR = ",";

// Opens a jury case (issue 28): the claims disputed (none: the article as a whole), the grounds, optionally a
// quote, an evidence item and the label asked for. The challenger's wallet pays JuryCourt.openCase the
// arbitration fee, then the bridge files the case under that transaction (POST /api/capsules/:id/dispute).
export function DisputeForm(props: { capsuleId: string; evidence: Evidence[]; claims: Claim[]; canSubmit: boolean; onOpened: (answer: NonNullable<Opened>) => void }) {
  // kept across navigation in this tab (e.g. a trip to the Bonds page), forgotten once the case is filed
  const [claim, setClaim, clearClaim] = useFormDraft(`dispute.${props.capsuleId}.claim`);
  const [evidenceId, setEvidenceId, clearEvidenceId] = useFormDraft(`dispute.${props.capsuleId}.evidence`);
  const [grounds, setGrounds, clearGrounds] = useFormDraft(`dispute.${props.capsuleId}.grounds`);
  const [labelText, setLabelText, clearLabel] = useFormDraft(`dispute.${props.capsuleId}.label`);
  const [claimText, setClaimText, clearClaimIds] = useFormDraft(`dispute.${props.capsuleId}.claimIds`);
  // a paid opening not yet filed survives a reload: filing it again costs nothing
  const [openTx, setOpenTx, clearOpenTx] = useFormDraft(`dispute.${props.capsuleId}.openTx`);
  const claimIds = claimText ? claimText.split(CLAIM_DRAFT_SEPARATOR).filter((id) => props.claims.some((c) => c.claimId === id)) : [];
  const requestedLabel: "" | "misleading" | "fraudulent" = labelText === "misleading" || labelText === "fraudulent" ? labelText : "";
  const setRequestedLabel = (value: string) => setLabelText(value);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [refusal, setRefusal] = useState<unknown>();
  const [step, setStep] = useState<Step>("idle");
  const [hash, setHash] = useState<Hex | undefined>();
  const open = useOpenDispute(props.capsuleId);
  const fee = useJuryFee();
  const { wallet } = useSession();
  const publicClient = usePublicClient({ chainId: CAPSULE_CHAIN_ID });
  const { mutateAsync: writeContract } = useWriteContract();
  const receipt = useWaitForTransactionReceipt({ hash, chainId: CAPSULE_CHAIN_ID, pollingInterval: 1_000, query: { enabled: Boolean(hash) } });
  /** An edited field's message goes away; naming an evidence item also answers "what is challenged". */
  const clear = (...fields: string[]) =>
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([field]) => !fields.includes(field) && field !== "form")));
  const toggleClaim = (id: string, on: boolean) => {
    const next = props.claims.map((c) => c.claimId).filter((cid) => (cid === id ? on : claimIds.includes(cid)));
    setClaimText(next.join(CLAIM_DRAFT_SEPARATOR));
    clear("claimIds", "claim");
  };

  const inputOf = (): DisputeInput => ({
    grounds,
    ...(claim.trim() ? { claim: claim.trim() } : {}),
    ...(evidenceId ? { evidenceId } : {}),
    ...(requestedLabel ? { requestedLabel } : {}),
    ...(claimIds.length > 0 ? { claimIds } : {}),
  });

  /** The bridge files the mined opening as the court case (it waits for its indexer to reach the block). */
  const file = (txHash: string) => {
    setStep("filing");
    open.mutate(
      { ...inputOf(), openTxHash: txHash },
      {
        onSuccess: (answer) => {
          for (const forget of [clearClaim, clearGrounds, clearEvidenceId, clearLabel, clearClaimIds, clearOpenTx]) forget();
          setStep("idle");
          props.onOpened(answer);
        },
        onError: (error) => {
          setStep("idle");
          if (bondTopUp(error)) setRefusal(error);
          else setErrors(apiFieldErrors(error, ["claim", "evidenceId", "grounds", "requestedLabel", "claimIds"]));
        },
      },
    );
  };

  useEffect(() => {
    if (step !== "pending" || !hash) return;
    if (receipt.data) {
      if (receipt.data.status === "success") {
        setOpenTx(hash);
        file(hash);
      } else {
        setStep("idle");
        setErrors({ form: "The opening transaction was reverted on chain, so no fee was taken. Reload the page and try again." });
      }
    } else if (receipt.isError) {
      setStep("idle");
      setErrors({ form: describeOpenCaseError(receipt.error) });
    }
    // file() only reads the form's current values
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [step, hash, receipt.data, receipt.isError, receipt.error]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const input = inputOf();
    const parsed = ZDisputeFields.safeParse(input);
    const found = parsed.success ? {} : readableErrors(input, zodFieldErrors(parsed.error));
    // the bridge accepts a case naming none, but a dispute should say what it challenges
    if (!input.claim && !input.evidenceId && claimIds.length === 0) {
      found.claim ??= props.claims.length > 0 ? "Choose the claims you dispute, quote the sentence you challenge, or choose an evidence item below." : "Quote the claim you challenge, or choose an evidence item below.";
    }
    setErrors(found);
    setRefusal(undefined);
    if (Object.keys(found).length > 0) return;
    if (openTx) return file(openTx);
    if (!fee.data || !wallet || !publicClient) {
      setErrors({ form: "The jury court's fee could not be read yet; wait a moment and try again." });
      return;
    }
    const args = [BigInt(props.capsuleId), claimIds.map((id) => claimKey(Number(id)))] as const;
    setStep("signature");
    try {
      // a dry run first: a refusal (no jury to seat, a case already open) is told in words before the wallet asks to pay
      // against the pending block: the jury is drawn from the pool as of the block before the one the transaction lands in
      await publicClient.simulateContract({ address: fee.data.court, abi: juryCourtAbi, functionName: "openCase", args, value: fee.data.total, account: wallet as Address, blockTag: "pending" });
      const tx = await writeContract({ address: fee.data.court, abi: juryCourtAbi, functionName: "openCase", args, value: fee.data.total, chainId: CAPSULE_CHAIN_ID });
      setHash(tx);
      setStep("pending");
    } catch (cause) {
      setStep("idle");
      setErrors({ form: describeOpenCaseError(cause) });
    }
  };

  const busy = step !== "idle";
  const feeText = fee.data ? formatCap(fee.data.total) : undefined;
  return (
    <form onSubmit={(event) => void onSubmit(event)} aria-label="Open a dispute" className="space-y-4" noValidate>
      {props.claims.length > 0 ? (
        <fieldset className="min-w-0 space-y-1" aria-describedby="dispute-claims-hint">
          <legend className="block text-sm font-medium text-stone-800">Claims disputed</legend>
          <p id="dispute-claims-hint" className="text-xs text-stone-500">
            The jury gives one finding per claim you choose; choose none to dispute the article as a whole.
          </p>
          <ul className="space-y-1">
            {props.claims.map((c) => (
              <li key={c.claimId}>
                <label className="flex min-h-11 items-start gap-3 rounded-md px-1 py-2 text-sm text-stone-800 hover:bg-stone-50">
                  <input
                    type="checkbox"
                    className="mt-0.5 h-5 w-5 shrink-0"
                    checked={claimIds.includes(c.claimId)}
                    disabled={busy}
                    onChange={(event) => toggleClaim(c.claimId, event.target.checked)}
                  />
                  <span className="[overflow-wrap:anywhere]">
                    {claimName(c)}: “<bdi>{c.exact}</bdi>” <span className="text-stone-500">({claimTypeName(c.claimType)})</span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      ) : null}
      <TextArea
        id="dispute-claim"
        label="Claim challenged"
        rows={2}
        value={claim}
        onChange={(event) => {
          setClaim(event.target.value);
          clear("claim");
        }}
        hint="Quote the sentence of the article you say is wrong (up to 2000 characters)."
        error={errors.claim}
      />
      <div>
        <label htmlFor="dispute-evidence" className="block text-sm font-medium text-stone-800">
          Evidence item challenged
        </label>
        <select
          id="dispute-evidence"
          value={evidenceId}
          onChange={(event) => {
            setEvidenceId(event.target.value);
            clear("evidenceId", "claim");
          }}
          aria-invalid={errors.evidenceId ? true : undefined}
          aria-describedby={errors.evidenceId ? "dispute-evidence-error" : "dispute-evidence-hint"}
          className={selectClass(errors.evidenceId)}
        >
          <option value="">None: the claim above</option>
          {props.evidence.map((item, index) => (
            <option key={item.evidenceId} value={item.evidenceId}>
              Evidence {index + 1} · {item.label || item.evidenceType} ({item.evidenceType})
            </option>
          ))}
        </select>
        {errors.evidenceId ? (
          <p id="dispute-evidence-error" className="mt-1 text-xs font-medium text-red-700">
            {errors.evidenceId}
          </p>
        ) : (
          <p id="dispute-evidence-hint" className="mt-1 text-xs text-stone-500">
            Optional: one of the article’s evidence items you say is false, altered or does not support it.
          </p>
        )}
      </div>
      <TextArea
        id="dispute-grounds"
        label="Grounds"
        rows={5}
        value={grounds}
        onChange={(event) => {
          setGrounds(event.target.value);
          clear("grounds");
        }}
        hint="Why it is wrong and how the court can check it (20–5000 characters). This becomes part of the public case."
        error={errors.grounds}
      />
      <div>
        <label htmlFor="dispute-label" className="block text-sm font-medium text-stone-800">
          Label you ask for
        </label>
        <select
          id="dispute-label"
          value={requestedLabel}
          onChange={(event) => setRequestedLabel(event.target.value as typeof requestedLabel)}
          className={selectClass(errors.requestedLabel)}
        >
          <option value="">Let the court decide</option>
          <option value="misleading">Misleading — a material inaccuracy</option>
          <option value="fraudulent">Fraudulent — deliberate deception</option>
        </select>
      </div>
      <div className="rounded-md border border-stone-200 bg-stone-50 p-3 text-sm text-stone-800" data-testid="dispute-fee">
        {fee.data ? (
          <p>
            A jury of {fee.data.jurors.toString()} bonded Editors of other outlets decides. Opening the case costs{" "}
            <strong data-testid="dispute-fee-total">{feeText}</strong>: {fee.data.jurors.toString()} jurors × {formatCap(fee.data.feePerJuror)} per juror, paid
            now from your wallet to the jury court. The jurors whose findings agree with the outcome share it; if the jury finds for you, you get it back from
            the author’s bond.
          </p>
        ) : fee.isError ? (
          <p role="alert">The jury court’s fee could not be read from the chain right now; reload the page to try again.</p>
        ) : (
          <p>Reading the jury court’s fee…</p>
        )}
      </div>
      {refusal ? <BondNeeded error={refusal} /> : null}
      {errors.form ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900 [overflow-wrap:anywhere]" data-testid="dispute-error">
          {errors.form}
        </p>
      ) : null}
      {step !== "idle" || openTx ? (
        <p role="status" className="text-sm text-stone-700 [overflow-wrap:anywhere]" data-testid="dispute-progress">
          {step === "signature"
            ? `Confirm the payment of ${feeText ?? "the fee"} in your wallet…`
            : step === "pending"
              ? "Transaction sent; waiting for it to be mined: "
              : step === "filing"
                ? "Paid and mined; the bridge is filing the case: "
                : "The jury case was opened and paid on chain but is not filed yet; send the form again to file it (nothing more is paid): "}
          {step === "pending" || step === "filing" || (step === "idle" && openTx) ? (
            <span className="break-all font-mono text-xs" data-testid="dispute-tx">
              {step === "pending" ? hash : openTx || hash}
            </span>
          ) : null}
        </p>
      ) : null}
      <button type="submit" className={`${primaryButton} min-h-11`} disabled={!props.canSubmit || busy || (!openTx && !fee.data)}>
        {busy ? "Opening the case…" : openTx ? "File the jury case" : feeText ? `Pay ${feeText} and open the jury case` : "Open the jury case"}
      </button>
    </form>
  );
}
