"use client";

import { formatUtcClock } from "@/components/ui/capsule-format";
import type { SubmissionUnderWay } from "./use-autosave";

/**
 * A submission of this draft is under way that another tab or device started: the tab is paused, not ended. Said in a
 * polite status region that is always on the page (so its words are announced when they come), with how the pause
 * ends: the chain has the capsule (the page then shows it), or the submission lapses at the voucher's deadline and
 * editing resumes. Changes this tab held are said to be kept, and saved then.
 */
export function SubmissionUnderWayNotice(props: { underWay: SubmissionUnderWay | undefined }) {
  const { underWay } = props;
  return (
    <div role="status" data-testid="draft-under-way-region">
      {underWay ? (
        <div className="rounded-md border border-sky-300 bg-sky-50 p-3 text-sm text-sky-950" data-testid="draft-under-way" data-until={underWay.until.toISOString()}>
          <p>
            <span className="font-semibold">This draft is being submitted from another tab or device.</span> Editing is paused until the chain has it (this
            page then shows the capsule) or until the submission lapses at <time dateTime={underWay.until.toISOString()}>{formatUtcClock(underWay.until)}</time>.
          </p>
          {underWay.unsaved ? (
            <p className="mt-2" data-testid="draft-under-way-unsaved">
              Your latest changes in this tab are kept below and saved when editing resumes; if the draft is submitted instead, they are offered for copying.
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
