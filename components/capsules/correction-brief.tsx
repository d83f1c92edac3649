"use client";

import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import { capsuleQuery } from "@/components/capsules/use-capsules";
import type { TCapsuleResponse } from "@/features/capsules/capsules.schema";
import { ErrorNotice } from "@/components/ui/error-notice";
import { Loading } from "@/components/ui/skeleton";
import { capsuleTypeLabel } from "@/components/ui/capsule-format";
import { DiffView } from "./diff-view";
import { comparableVersion, FieldDiffs } from "./field-diffs";
import { failedWithNothing, RefreshFailed } from "@/components/ui/refresh-failed";

// Beside the Yes/No buttons of a correction (or any revision): why it was made, and what it changes
// against the version readers see now (title, standfirst, summary, claims and body), so editors vote on the change
// rather than re-read the piece.
export function CorrectionBrief({ read }: { read: TCapsuleResponse }) {
  const c = read.capsule;
  const baseId = read.revision.currentCapsuleId !== c.id ? read.revision.currentCapsuleId : c.parentCapsuleId;
  const base = useQuery({ ...capsuleQuery(baseId ?? ""), enabled: Boolean(baseId) });
  if (!c.parentCapsuleId || !baseId) return null;
  const kind = c.capsuleType === "original" ? "Revision" : (capsuleTypeLabel[c.capsuleType] ?? "Revision");
  // readers see the revised version until this one is finalized; after that it is the previous one
  const replaced = c.status === "finalized";
  return (
    <section aria-labelledby="correction-brief-title" className="space-y-3 rounded-md border border-amber-200 bg-amber-50/60 p-4" data-testid="correction-brief">
      <h3 id="correction-brief-title" className="font-semibold text-stone-900">
        {kind} {c.revisionNumber > 0 ? `${c.revisionNumber} ` : ""}of{" "}
        <Link href={`/capsules/${baseId}`} className="text-accent underline">
          #{baseId}
        </Link>
      </h3>
      <div>
        <p className="text-xs font-semibold uppercase tracking-wide text-stone-500">Reason given</p>
        <p className="mt-0.5 whitespace-pre-wrap break-words text-sm text-stone-800" data-testid="correction-reason">
          {read.revision.revisionReason ? <bdi>{read.revision.revisionReason}</bdi> : "No reason was given."}
        </p>
      </div>
      <RefreshFailed what="The current version" read={base} />
      {failedWithNothing(base) ? (
        <ErrorNotice title="The current version could not be loaded" error={base.error} onRetry={() => void base.refetch()} />
      ) : !base.data ? (
        <Loading label="Loading the version readers see now" bars={["block h-24 w-full"]} />
      ) : (
        <>
          <FieldDiffs older={comparableVersion(base.data)} newer={comparableVersion(read)} />
          <div>
            <h4 className="mb-1 text-sm font-semibold text-stone-800">Body</h4>
            <DiffView
              oldText={base.data.content.body}
              newText={read.content.body}
              oldLabel={`${replaced ? "Previous" : "Current"} #${baseId}`}
              newLabel={`This ${kind.toLowerCase()} #${c.id}${replaced ? " (current)" : ""}`}
              context={2}
            />
          </div>
        </>
      )}
    </section>
  );
}
