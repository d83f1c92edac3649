"use client";

import Link from "next/link";
import { useLabelHistory } from "@/components/court/use-court";
import { ErrorNotice } from "@/components/ui/error-notice";
import { Loading } from "@/components/ui/skeleton";
import { formatTime } from "@/components/ui/capsule-format";
import { displayAddress, shortAddress } from "@/lib/wallet/short-address";
import { LabelChip } from "./case-badges";
import { failedWithNothing, RefreshFailed } from "@/components/ui/refresh-failed";

// Every label change of the article's revision chain: who, when and why (GET /api/capsules/:id/labels).
export function LabelHistory({ capsuleId }: { capsuleId: string }) {
  const history = useLabelHistory(capsuleId);
  if (failedWithNothing(history)) return <ErrorNotice title="The label history could not be loaded" error={history.error} onRetry={() => void history.refetch()} />;
  if (!history.data) return <Loading label="Loading the label history" />;
  if (history.data.items.length === 0) return <p className="text-sm text-stone-600">The label has never changed: the article is Clean since it was finalized.</p>;
  return (
    <>
      <RefreshFailed what="The label history" read={history} className="mb-3" />
      <ol className="space-y-3 text-sm" data-testid="label-history">
        {history.data.items.map((item) => (
          <li key={item.id} className="rounded-md border border-stone-100 p-3">
            <p className="flex flex-wrap items-center gap-2">
              <LabelChip label={item.previousLabel} />
              <span aria-label="became">→</span>
              <LabelChip label={item.label} />
              <span className="text-xs text-stone-500">
                {formatTime(item.at)} by{" "}
                <span className="font-mono" title={displayAddress(item.appliedBy)}>
                  {shortAddress(item.appliedBy)}
                </span>
              </span>
            </p>
            <p dir="auto" className="mt-1 text-stone-700 [overflow-wrap:anywhere]">{item.reason}</p>
            {item.caseId ? (
              <Link href={`/court/${item.caseId}`} className="text-xs text-accent underline">
                Court case #{item.caseId}
              </Link>
            ) : null}
          </li>
        ))}
      </ol>
    </>
  );
}
