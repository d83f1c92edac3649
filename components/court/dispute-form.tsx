"use client";

import { useState, type FormEvent } from "react";
import { useFormDraft } from "@/hooks/use-form-draft";
import { ZDisputeBody } from "@/lib/schemas/court";
import type { TCapsuleResponse } from "@/lib/schemas/capsules";
import { useOpenDispute, type DisputeInput } from "@/hooks/use-court";
import { TextArea, primaryButton } from "@/components/ui/field";
import { BondNeeded, bondTopUp } from "@/components/bonds/bond-needed";
import { apiFieldErrors, zodFieldErrors, type FieldErrors } from "@/components/outlets/field-errors";

type Evidence = TCapsuleResponse["evidence"][number];
type Opened = ReturnType<typeof useOpenDispute>["data"];

const selectClass = (error?: string) => `mt-1 w-full rounded-md border bg-white px-3 py-2 text-sm text-ink ${error ? "border-red-500" : "border-stone-300"}`;

function readableErrors(input: DisputeInput, found: FieldErrors): FieldErrors {
  const errors = { ...found };
  const grounds = input.grounds.trim().length;
  if (errors.grounds && grounds < 20) errors.grounds = grounds === 0 ? "Explain your grounds." : `Write at least 20 characters (now ${grounds}).`;
  return errors;
}

// Opens a court case: the claim and/or evidence item challenged, the grounds, and optionally the label asked for.
export function DisputeForm(props: { capsuleId: string; evidence: Evidence[]; canSubmit: boolean; onOpened: (answer: NonNullable<Opened>) => void }) {
  // kept across navigation in this tab (e.g. a trip to the Bonds page), forgotten once the case is open
  const [claim, setClaim, clearClaim] = useFormDraft(`dispute.${props.capsuleId}.claim`);
  const [evidenceId, setEvidenceId, clearEvidenceId] = useFormDraft(`dispute.${props.capsuleId}.evidence`);
  const [grounds, setGrounds, clearGrounds] = useFormDraft(`dispute.${props.capsuleId}.grounds`);
  const [labelText, setLabelText, clearLabel] = useFormDraft(`dispute.${props.capsuleId}.label`);
  const requestedLabel: "" | "misleading" | "fraudulent" = labelText === "misleading" || labelText === "fraudulent" ? labelText : "";
  const setRequestedLabel = (value: string) => setLabelText(value);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [refusal, setRefusal] = useState<unknown>();
  const open = useOpenDispute(props.capsuleId);
  /** An edited field's message goes away; naming an evidence item also answers "what is challenged". */
  const clear = (...fields: string[]) =>
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([field]) => !fields.includes(field) && field !== "form")));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const input: DisputeInput = {
      grounds,
      ...(claim.trim() ? { claim: claim.trim() } : {}),
      ...(evidenceId ? { evidenceId } : {}),
      ...(requestedLabel ? { requestedLabel } : {}),
    };
    const parsed = ZDisputeBody.safeParse(input);
    const found = parsed.success ? {} : readableErrors(input, zodFieldErrors(parsed.error));
    // the bridge accepts a case naming neither, but a dispute should say what it challenges
    if (!input.claim && !input.evidenceId) found.claim ??= "Quote the claim you challenge, or choose an evidence item below.";
    setErrors(found);
    setRefusal(undefined);
    if (Object.keys(found).length > 0) return;
    open.mutate(input, {
      onSuccess: (answer) => {
        clearClaim();
        clearGrounds();
        clearEvidenceId();
        clearLabel();
        props.onOpened(answer);
      },
      onError: (error) => (bondTopUp(error) ? setRefusal(error) : setErrors(apiFieldErrors(error, ["claim", "evidenceId", "grounds", "requestedLabel"]))),
    });
  };

  return (
    <form onSubmit={onSubmit} aria-label="Open a dispute" className="space-y-4" noValidate>
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
          <option value="">None — I challenge the claim above</option>
          {props.evidence.map((item) => (
            <option key={item.evidenceId} value={item.evidenceId}>
              #{item.evidenceId} · {item.label || item.evidenceType} ({item.evidenceType})
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
      {refusal ? <BondNeeded error={refusal} /> : null}
      {errors.form ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          {errors.form}
        </p>
      ) : null}
      <button type="submit" className={primaryButton} disabled={!props.canSubmit || open.isPending}>
        {open.isPending ? "Opening the case…" : "Open court case"}
      </button>
    </form>
  );
}
