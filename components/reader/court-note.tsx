"use client";

import Link from "next/link";
import { useCapsuleCases } from "@/hooks/use-court";
import { formatTime } from "@/components/capsules/capsule-format";

const courtLabels = new Set(["contested", "verified", "unresolved", "misleading", "fraudulent"]);
export const isCourtLabel = (label: string) => courtLabels.has(label);

// Under a court label, the reader is pointed at the case behind it: the open one, or the latest decided.
// Render only under a court label (isCourtLabel), so a clean article costs no extra request.
export function CourtNote({ capsuleId }: { capsuleId: string }) {
  const cases = useCapsuleCases(capsuleId);
  if (!cases.data) return null;
  const items = [...cases.data.items].sort((a, b) => Number(b.openedAt) - Number(a.openedAt));
  const open = items.find((item) => item.status === "open");
  const latest = open ?? items[0];
  if (!latest) return null;
  return (
    <p className="text-sm text-stone-700" data-testid="reader-court-note">
      {open ? `A court case about this article has been open since ${formatTime(open.openedAt)}: ` : `Decided ${formatTime(latest.closedAt)} in `}
      <Link href={`/court/${latest.caseId}`} className="text-accent underline">
        court case #{latest.caseId}
      </Link>
      .
    </p>
  );
}
