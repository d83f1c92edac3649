import Link from "next/link";
import type { ReaderCourtCase } from "@/lib/services/reader/reader-article";
import { formatUtc } from "./reader-dates";

const courtLabels = new Set(["contested", "verified", "unresolved", "misleading", "fraudulent"]);
export const isCourtLabel = (label: string) => courtLabels.has(label);

// Under a court label: the court's one-line finding and the case behind it (open, or latest decided).
export function CourtNote({ courtCase }: { courtCase: ReaderCourtCase }) {
  const open = courtCase.status === "open";
  return (
    <div className="space-y-1 text-sm text-stone-700" data-testid="reader-court-note">
      {!open && courtCase.finding ? (
        <p data-testid="reader-finding">
          <strong>The court found:</strong> {courtCase.finding}
        </p>
      ) : null}
      <p>
        {open ? `A court case about this article has been open since ${formatUtc(courtCase.openedAt)}: ` : `Decided ${formatUtc(courtCase.closedAt)} in `}
        <Link href={`/court/${courtCase.caseId}`} prefetch={false} className="text-accent underline">
          court case #{courtCase.caseId}
        </Link>
        .
      </p>
    </div>
  );
}
