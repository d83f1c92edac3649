"use client";

import { useState, type FormEvent } from "react";
import { ZVerdictBody, verdicts, type TVerdictBody } from "@/lib/schemas/court";
import { useRecordVerdict } from "@/hooks/use-court";
import { TextArea, TextField, primaryButton } from "@/components/ui/field";
import { apiFieldErrors, zodFieldErrors, type FieldErrors } from "@/components/outlets/field-errors";
import { labelTitle, verdictHelp } from "./court-format";

type Verdict = TVerdictBody["verdict"];

// The clerk's form: one of the four verdicts, the one-line finding readers see under the label, and a
// written rationale (20–5000 characters). The route still accepts a verdict without a finding; this form does not.
export function VerdictForm({ caseId }: { caseId: string }) {
  const [verdict, setVerdict] = useState<Verdict | "">("");
  const [rationale, setRationale] = useState("");
  const [finding, setFinding] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const record = useRecordVerdict(caseId);
  const clear = (field: string) => setErrors((current) => Object.fromEntries(Object.entries(current).filter(([key]) => key !== field && key !== "form")));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZVerdictBody.safeParse({ verdict: verdict || undefined, rationale, finding });
    if (!parsed.success || !parsed.data.finding) {
      const found = parsed.success ? {} : zodFieldErrors(parsed.error);
      if (!finding.trim()) found.finding = "Write the finding readers will see under the label.";
      else if (found.finding && finding.trim().length < 10) found.finding = `Write at least 10 characters (now ${finding.trim().length}).`;
      if (found.verdict) found.verdict = "Choose a verdict.";
      if (found.rationale && rationale.trim().length < 20) found.rationale = `Write at least 20 characters (now ${rationale.trim().length}).`;
      setErrors(found);
      return;
    }
    setErrors({});
    record.mutate(parsed.data, { onError: (error) => setErrors(apiFieldErrors(error, ["verdict", "rationale", "finding"])) });
  };

  return (
    <form onSubmit={onSubmit} aria-label="Record a verdict" className="space-y-4" noValidate>
      <fieldset aria-describedby={errors.verdict ? "verdict-error" : undefined}>
        <legend className="text-sm font-medium text-stone-800">Choose the verdict</legend>
        <div className="mt-2 space-y-2">
          {verdicts.map((value) => (
            <label key={value} className={`flex cursor-pointer gap-3 rounded-md border p-3 text-sm ${verdict === value ? "border-ink bg-stone-50" : "border-stone-200"}`}>
              <input type="radio" name="verdict" value={value} checked={verdict === value} onChange={() => {
                  setVerdict(value);
                  clear("verdict");
                }} className="mt-1" />
              <span>
                <span className="font-semibold text-ink">{labelTitle(value)}</span>
                <span className="block text-xs text-stone-600">{verdictHelp[value]}</span>
              </span>
            </label>
          ))}
        </div>
        {errors.verdict ? (
          <p id="verdict-error" className="mt-1 text-xs font-medium text-red-700">
            {errors.verdict}
          </p>
        ) : null}
      </fieldset>
      <TextField
        id="verdict-finding"
        label="Finding"
        value={finding}
        maxLength={200}
        onChange={(event) => {
          setFinding(event.target.value);
          clear("finding");
        }}
        hint="One line shown to readers under the label, e.g. “The budget rose 4 %, not 40 %.” (10–200 characters)."
        error={errors.finding}
      />
      <TextArea
        id="verdict-rationale"
        label="Rationale"
        rows={4}
        value={rationale}
        onChange={(event) => {
          setRationale(event.target.value);
          clear("rationale");
        }}
        hint="Why the court decided so, for the public record (20–5000 characters)."
        error={errors.rationale}
      />
      {errors.form ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          {errors.form}
        </p>
      ) : null}
      <button type="submit" className={primaryButton} disabled={record.isPending}>
        {record.isPending ? "Recording the verdict…" : "Record verdict"}
      </button>
      {record.isPending && (verdict === "misleading" || verdict === "fraudulent") ? (
        <p role="status" className="text-xs text-stone-600">
          The penalty is a chain transaction; the verdict is saved once it is mined.
        </p>
      ) : null}
    </form>
  );
}
