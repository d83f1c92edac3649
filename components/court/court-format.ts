import type { TCourtCase } from "@/features/court/court.schema";
import type { juryPeriods } from "@/features/court/jury.schema";
import { integrityLabelInfo } from "@/features/capsules/integrity-labels";
import { formatCap, formatTime } from "@/components/ui/capsule-format";
import { CLERK_CASE_RETIRED } from "@/features/court/clerk-retirement";

// Words for court cases: status, verdicts, and what each timeline entry means.

/** A jury period's name as the court list and the juror page write it ("Commit period"). */
export const periodWords: Record<(typeof juryPeriods)[number], string> = { evidence: "Evidence", commit: "Commit", reveal: "Reveal", appeal: "Appeal", final: "Final" };

export const caseStatusStyle: Record<TCourtCase["status"], { label: string; className: string }> = {
  open: { label: "Open", className: "bg-amber-100 text-amber-900 ring-1 ring-amber-300" },
  closed: { label: "Closed", className: "bg-stone-100 text-stone-800 ring-1 ring-stone-300" },
};

export const verdictText: Record<NonNullable<TCourtCase["verdict"]>, string> = {
  verified: "Verified: the article is accurate",
  misleading: "Misleading: a material inaccuracy",
  fraudulent: "Fraudulent: deliberate deception",
  unresolved: "Unresolved: no clear verdict",
};

export const verdictHelp: Record<NonNullable<TCourtCase["verdict"]>, string> = {
  verified: "The challenge fails; the article is labelled Verified. No penalty.",
  misleading: "The article is labelled Misleading; the outlet pays 25 CAP from its bond (burned) and drops one distribution tier for 90 days.",
  fraudulent: "The article is labelled Fraudulent; the outlet pays 100 CAP from its bond (burned) and is held at Standard distribution for 365 days.",
  unresolved: "The court reached no clear verdict; the article is labelled Unresolved. No penalty.",
};

export const labelTitle = (label: string | null | undefined) => integrityLabelInfo(label).title;

const text = (value: unknown) => (typeof value === "string" ? value : "");
/** What became of the label when a case ended without a finding: null means it was left as it was. */
const labelAfter = (restored: unknown) =>
  typeof restored === "string"
    ? `The label went back to ${labelTitle(restored)}.`
    : "The label stayed as it was: another case still contests the article, or its label changed since the case opened.";
const sentence = (value: string) => (value ? `${value.charAt(0).toUpperCase()}${value.slice(1)}` : value);
const quoted = (value: string) => `“${value}”${/[.!?]$/.test(value) ? "" : "."}`;

export type TimelineEntry = { kind: "opened" | "evidence_named" | "label_changed" | "verdict" | "penalty" | "reply" | "retired" | "no_finding"; details: Record<string, unknown> };

/**
 * A timeline entry as a heading and one sentence. `evidenceName` names an evidence item by its place in
 * the article ("Evidence 2", components/court/article-numbers.ts) once the article has arrived.
 */
export function describeTimelineEntry(entry: TimelineEntry, evidenceName: (evidenceId: string) => string | undefined = () => undefined): { title: string; body: string } {
  const d = entry.details;
  switch (entry.kind) {
    case "opened": {
      const requested = text(d.requestedLabel);
      return {
        title: "Case opened",
        body: `${text(d.claim) ? `Challenged claim: ${quoted(text(d.claim))} ` : ""}${requested ? `Asks for the label ${labelTitle(requested)}. ` : ""}${
          /^[0-9]+$/.test(text(d.bond)) ? `The opener's bond: ${formatCap(text(d.bond))}.` : ""
        }`.trim(),
      };
    }
    case "evidence_named":
      return { title: "Evidence item challenged", body: `${evidenceName(text(d.evidenceId) || String(d.evidenceId ?? "")) ?? "An evidence item of the article"} is named in the case.` };
    case "label_changed":
      return {
        title: `Label changed: ${labelTitle(text(d.from))} → ${labelTitle(text(d.to))}`,
        body: sentence(text(d.reason)),
      };
    case "verdict":
      return { title: `Verdict: ${labelTitle(text(d.verdict))}`, body: text(d.rationale) };
    case "retired":
      return { title: "Case ended without a finding", body: `${CLERK_CASE_RETIRED} ${labelAfter(d.labelRestored)}` };
    case "no_finding":
      return { title: "Case ended without a finding", body: `${text(d.reason)} No label and no penalty. ${labelAfter(d.labelRestored)}` };
    case "reply": {
      const count = Array.isArray(d.evidence) ? d.evidence.length : 0;
      return { title: "Reply filed", body: `${text(d.reply)}${count > 0 ? ` (${count} evidence item${count === 1 ? "" : "s"})` : ""}` };
    }
    case "penalty": {
      const slashed = /^[0-9]+$/.test(text(d.amountSlashed)) ? formatCap(text(d.amountSlashed)) : "—";
      const requested = /^[0-9]+$/.test(text(d.amountRequested)) ? formatCap(text(d.amountRequested)) : "—";
      return {
        title: "Penalty applied on chain",
        body: `${slashed} slashed from the outlet's bond (penalty ${requested}) and sent to the burn pool; distribution downgraded until ${formatTime(text(d.penaltyUntil))}.`,
      };
    }
  }
}
