"use client";

import Link from "next/link";
import { integrityLabelInfo } from "@/features/capsules/integrity-labels";
import { useCapsuleCases } from "@/components/court/use-court";
import { ErrorNotice } from "@/components/ui/error-notice";
import { formatTime } from "@/components/ui/capsule-format";
import { failedWithNothing, RefreshFailed } from "@/components/ui/refresh-failed";

// The article's court record on the desk's capsule page: every case of the revision chain (GET
// /api/capsules/:id/disputes lists the whole chain), so a correction still shows the earlier
// version's ruling and finding, each linked to its case.
export function CapsuleCourtRecord({ id }: { id: string }) {
  const cases = useCapsuleCases(id);
  if (failedWithNothing(cases)) return <ErrorNotice title="The article's court record could not be loaded" error={cases.error} onRetry={() => void cases.refetch()} />;
  const items = cases.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="court-record-heading" className="rounded-lg border border-stone-300 bg-stone-50 p-4 text-sm" data-testid="desk-court-record">
      <h2 id="court-record-heading" className="font-semibold">
        Court record of this article
      </h2>
      <RefreshFailed what="The court record" read={cases} className="mt-2" />
      <ul className="mt-2 space-y-2">
        {items.map((c) => (
          <li key={c.caseId} data-testid="desk-court-case">
            {c.status === "open" ? (
              <p>
                Open since {formatTime(c.openedAt)}:{" "}
                <Link href={`/court/${c.caseId}`} className="text-accent underline">
                  court case #{c.caseId}
                </Link>
                {c.capsuleId !== id ? ` (opened on version #${c.capsuleId})` : ""}.
              </p>
            ) : (
              <>
                <p>
                  <strong>{c.verdict ? `Ruled ${integrityLabelInfo(c.verdict).title}` : "Decided"}</strong> {formatTime(c.closedAt)} in{" "}
                  <Link href={`/court/${c.caseId}`} className="text-accent underline">
                    court case #{c.caseId}
                  </Link>
                  {c.capsuleId !== id ? ` (on version #${c.capsuleId})` : ""}.
                </p>
                {c.finding ? <p data-testid="desk-finding">The court found: {c.finding}</p> : null}
              </>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
