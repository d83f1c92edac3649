import Link from "next/link";
import type { ReactNode } from "react";
import type { TCourtCase } from "@/features/court/court.schema";
import { integrityLabelInfo } from "@/features/capsules/integrity-labels";
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

/** A case's row heading in the court lists: its link, status and label (contested until decided), then `children`. */
export function CaseRowHeading({ item, children }: { item: Pick<TCourtCase, "caseId" | "status" | "verdict">; children?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Link href={`/court/${item.caseId}`} className="inline-flex min-h-11 items-center font-serif text-lg font-semibold text-ink underline-offset-2 hover:underline">
        Case #{item.caseId}
      </Link>
      <CaseStatusBadge status={item.status} />
      {item.verdict ? <LabelChip label={item.verdict} /> : <LabelChip label="contested" />}
      {children}
    </div>
  );
}

/** What a case in the court lists is about: “<title>” (or Capsule #id) · <outlet>, each the writer's own text, isolated. */
export function CaseSubject({ item }: { item: Pick<TCourtCase, "capsuleTitle" | "capsuleId" | "outletName"> }) {
  return (
    <>
      {item.capsuleTitle ? (
        <span className="text-stone-700">
          “<bdi>{item.capsuleTitle}</bdi>”
        </span>
      ) : (
        `Capsule #${item.capsuleId}`
      )}{" "}
      · <bdi>{item.outletName}</bdi>
    </>
  );
}
