import type { TCourtCase } from "@/lib/schemas/court";
import { integrityLabelInfo } from "@/lib/capsules/integrity-labels";
import { caseStatusStyle } from "./court-format";

export function CaseStatusBadge({ status }: { status: TCourtCase["status"] }) {
  const style = caseStatusStyle[status];
  return (
    <span className={`inline-block rounded px-2 py-0.5 text-xs font-semibold ${style.className}`} data-testid="case-status">
      {style.label}
    </span>
  );
}

/** A compact integrity label: symbol and word, in the label's colours. */
export function LabelChip({ label, testId }: { label: string | null | undefined; testId?: string }) {
  const info = integrityLabelInfo(label);
  return (
    <span className={`inline-flex items-center gap-1 rounded border px-2 py-0.5 text-xs font-semibold ${info.className}`} data-testid={testId} data-label={info.key}>
      <span aria-hidden="true">{info.symbol}</span>
      {info.title}
    </span>
  );
}
