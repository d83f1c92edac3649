import Link from "next/link";
import type { ReaderHistory } from "@/features/reader/reader-history";
import { LocalTime } from "./local-time";
import { changeCount, WordDiffView } from "./word-diff-view";

const versionName = (v: { revisionNumber: number; capsuleType: string }) =>
  v.revisionNumber === 0 ? "Original" : `${v.capsuleType === "retraction" ? "Retraction" : "Correction"} ${v.revisionNumber}`;

// The versions of one article as a reader sees them, newest first, each with what it changed.
export function ReaderHistoryView({ history }: { history: ReaderHistory }) {
  const newestFirst = [...history.versions].reverse();
  return (
    <>
      <header className="space-y-2">
        <p className="text-sm uppercase tracking-wide text-stone-500 [overflow-wrap:anywhere]">
          <Link href={`/outlets/${history.outletSlug}`} prefetch={false} className="hover:underline">
            <bdi data-testid="history-outlet-name">{history.outletName}</bdi>
          </Link>
        </p>
        <h1 className="font-serif text-3xl font-bold leading-tight tracking-tight [overflow-wrap:anywhere]">
          Versions of “<bdi>{history.title}</bdi>”
        </h1>
        <p className="text-stone-600">
          Every version below was accepted by the outlet’s editors and finalized on chain. Older versions stay readable; a correction shows the words it changed.
        </p>
      </header>
      {history.underVote ? (
        <p role="note" className="rounded-md border border-sky-300 bg-sky-50 p-3 text-sm text-sky-950" data-testid="history-under-vote">
          A {history.underVote.capsuleType === "retraction" ? "retraction" : "correction"} is being voted on; the vote closes <LocalTime unixSeconds={history.underVote.closesAt} />.{" "}
          <Link href={`/capsules/${history.underVote.capsuleId}`} prefetch={false} className="font-semibold underline">
            Follow the vote
          </Link>
        </p>
      ) : null}
      <ol className="space-y-6" data-testid="reader-history">
        {newestFirst.map((v) => (
          <li key={v.capsuleId} className="space-y-3 border-t border-stone-200 pt-4" data-testid="history-version" data-capsule-id={v.capsuleId}>
            <h2 className="text-lg font-semibold">
              {versionName(v)}
              {v.current ? <span className="ml-2 rounded bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900">Current version</span> : null}
            </h2>
            <p className="text-sm text-stone-600">
              {/* on a phone the link takes a line of its own (a 44 px target), so no "·" is left hanging at the line's end */}
              Finalized <LocalTime unixSeconds={v.finalizedAt} />
              <span className="hidden sm:inline" data-testid="history-separator" aria-hidden="true">
                {" "}
                ·
              </span>{" "}
              <Link href={`/read/${v.capsuleId}`} prefetch={false} className="flex min-h-11 items-center text-accent underline sm:inline-flex sm:min-h-0">
                Read this version
              </Link>
            </p>
            {v.revisionReason ? (
              <p className="text-sm text-stone-800 [overflow-wrap:anywhere]">
                <strong>Reason given:</strong> <bdi>{v.revisionReason}</bdi>
              </p>
            ) : null}
            {v.whatChanged ? (
              <div className="space-y-2">
                <p className="text-sm text-stone-700" data-testid="history-change-count">
                  Changes against the version before: {changeCount(v.whatChanged.added, v.whatChanged.removed)}.
                </p>
                <WordDiffView changes={v.whatChanged.changes} testId="history-diff" />
              </div>
            ) : (
              <p className="text-sm text-stone-600">The first published version.</p>
            )}
          </li>
        ))}
      </ol>
    </>
  );
}
