import Link from "next/link";
import type { WhatChanged } from "@/features/reader/reader-history";
import { changeCount, WordDiffView } from "./word-diff-view";
import { FoldedSummary } from "@/components/ui/folded-summary";

// On a corrected article: what this version changed in the one before it, one click away.
export function WhatChangedDetails({ whatChanged, capsuleId, kind }: { whatChanged: WhatChanged; capsuleId: string; kind: string }) {
  return (
    <details className="rounded-md border border-sky-200 bg-sky-50 p-3 text-sm text-sky-950" data-testid="what-changed">
      <FoldedSummary className="font-semibold">
        What this {kind === "retraction" ? "retraction" : "correction"} changed ({changeCount(whatChanged.added, whatChanged.removed)})
      </FoldedSummary>
      <div className="mt-2 space-y-2">
        <WordDiffView changes={whatChanged.changes} testId="what-changed-diff" />
        <p>
          <Link href={`/read/${capsuleId}/history`} prefetch={false} className="text-accent underline">
            Every version of this article
          </Link>
        </p>
      </div>
    </details>
  );
}
