"use client";

import Link from "next/link";
import { useEffect, useState } from "react";
import { useQueries } from "@tanstack/react-query";
import { capsuleQuery, useCapsuleHistory } from "@/components/capsules/use-capsules";
import { useSession } from "@/components/wallet/use-session";
import { Card } from "@/components/ui/card";
import { CapsuleReadFailure, missingCapsuleText } from "./capsule-read-states";
import { Loading, Skeleton } from "@/components/ui/skeleton";
import { capsuleTypeLabel, formatTime } from "@/components/ui/capsule-format";
import { CapsuleStatusBadge } from "./capsule-status-badge";
import { CorrectionForm } from "./correction-form";
import { DiffView } from "./diff-view";
import { versionStandings } from "./version-standing";
import { comparableVersion, FieldDiffs } from "./field-diffs";
import { BackLink } from "@/components/ui/back-link";
import { failedWithNothing, RefreshFailed } from "@/components/ui/refresh-failed";

// /capsules/:id/history — the revision chain (original → corrections/retractions), a line diff
// between any two versions, and "Publish a correction" from the current one.
export function HistoryView({ id }: { id: string }) {
  const history = useCapsuleHistory(id);
  const { session, status } = useSession();
  const chain = history.data?.chain ?? [];
  const details = useQueries({
    queries: chain.map((entry) => capsuleQuery(entry.capsuleId, session)),
  });
  const [from, setFrom] = useState<string>();
  const [to, setTo] = useState<string>();
  useEffect(() => {
    if (chain.length > 0 && from === undefined) {
      setFrom(chain[Math.max(0, chain.length - 2)]?.capsuleId);
      setTo(chain[chain.length - 1]?.capsuleId);
    }
  }, [chain, from]);

  // a 404 (no such capsule, or a draft this reader may not see) says so; only other failures offer a retry
  if (failedWithNothing(history)) return <CapsuleReadFailure read={history} missing={missingCapsuleText(id, status === "signed-in")} />;
  if (!history.data) {
    return (
      <div className="space-y-4" role="status" aria-busy="true" aria-label="Loading revision history">
        <Skeleton className="block h-10 w-72" />
        <Skeleton className="block h-40 w-full" />
      </div>
    );
  }
  const detailOf = (capsuleId: string | undefined) => details[chain.findIndex((e) => e.capsuleId === capsuleId)];
  const readOf = (capsuleId: string | undefined) => detailOf(capsuleId)?.data;
  const failedToRead = (capsuleId: string | undefined) => detailOf(capsuleId)?.isError === true && readOf(capsuleId) === undefined;
  const titleOf = (capsuleId: string) => readOf(capsuleId)?.capsule.title;
  const finalizedAtOf = (capsuleId: string) => {
    const at = readOf(capsuleId)?.capsule.finalizedAt;
    return at && at !== "0" ? at : undefined;
  };
  const label = (capsuleId: string | undefined) => {
    const entry = chain.find((e) => e.capsuleId === capsuleId);
    return entry ? `#${entry.capsuleId} (${entry.revisionNumber === 0 ? "original" : `revision ${entry.revisionNumber}`})` : "";
  };
  // the version a revision starts from (the bridge's current: a pending correction counts, it blocks a second one)
  const current = chain.find((e) => e.capsuleId === history.data.currentCapsuleId);
  // what each version is for readers (./version-standing): the one they see is "Current" even where the chain already
  // marks it superseded by a correction under vote; only a finalized correction makes the version before it superseded
  const standings = versionStandings(chain, history.data.currentCapsuleId);
  // a revision already started as a draft (listed only to those who may read it): the way on is that draft, not a
  // second one, which the bridge refuses
  const openRevision = chain.find((e) => e.status === "draft" && e.capsuleId !== current?.capsuleId);
  const oldRead = readOf(from);
  const newRead = readOf(to);

  return (
    <div className="space-y-6">
      <div>
        <BackLink href={`/capsules/${id}`}>Capsule #{id}</BackLink>
        <h1 className="mt-2 font-serif text-3xl font-bold tracking-tight">Revision history</h1>
        <p className="mt-1 text-stone-600">Corrections never overwrite: each version stays, and readers see the newest finalized one.</p>
      </div>
      <RefreshFailed what="The revision history" read={history} />

      <Card title="Versions">
        <ol className="relative space-y-5 border-l-2 border-stone-200 pl-6" data-testid="history-timeline">
          {chain.map((entry) => {
            const standing = standings.get(entry.capsuleId);
            const isCurrent = standing?.current === true;
            return (
              <li key={entry.capsuleId} className="relative" data-testid="history-entry" data-capsule-id={entry.capsuleId}>
                <span aria-hidden="true" className={`absolute -left-[33px] top-1.5 h-4 w-4 rounded-full border-2 border-white ${isCurrent ? "bg-accent" : "bg-stone-400"}`} />
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-semibold">
                    {entry.revisionNumber === 0 && entry.capsuleType === "original"
                      ? "Original"
                      : `${entry.revisionNumber === 0 ? "Original" : `Revision ${entry.revisionNumber}`} · ${capsuleTypeLabel[entry.capsuleType] ?? entry.capsuleType}`}
                  </span>
                  <CapsuleStatusBadge status={standing?.tone ?? entry.status} label={standing?.label} />
                  {isCurrent ? <span className="rounded bg-accent px-2 py-0.5 text-xs font-semibold text-white" data-testid="history-current">Current</span> : null}
                </div>
                <p className="mt-1 text-sm text-stone-700">
                  {titleOf(entry.capsuleId) ??
                    (failedToRead(entry.capsuleId) ? (
                      <span className="text-stone-500">(its title could not be read)</span>
                    ) : (
                      <Loading inline label={`Loading the title of ${label(entry.capsuleId)}`} bars={["h-4 w-48"]} />
                    ))}
                </p>
                {entry.revisionReason ? <p className="mt-1 text-sm text-stone-600" data-testid="revision-reason">Reason: {entry.revisionReason}</p> : null}
                <p className="mt-1 text-xs text-stone-500">
                  #{entry.capsuleId} · started {formatTime(entry.createdAt)}
                  {finalizedAtOf(entry.capsuleId) ? ` · finalized ${formatTime(finalizedAtOf(entry.capsuleId))}` : ""}
                </p>
                <p className="mt-1 flex flex-wrap gap-x-3 text-sm">
                  <Link href={`/capsules/${entry.capsuleId}`} className="inline-flex min-h-11 items-center text-accent underline">
                    Vote and status
                  </Link>
                  {entry.status === "draft" ? (
                    <Link href={`/capsules/${entry.capsuleId}/edit`} className="inline-flex min-h-11 items-center text-accent underline">
                      Edit draft
                    </Link>
                  ) : null}
                  {entry.status === "finalized" || entry.status === "superseded" ? (
                    <Link href={`/read/${entry.capsuleId}`} className="inline-flex min-h-11 items-center text-accent underline">
                      Reader’s view
                    </Link>
                  ) : null}
                </p>
              </li>
            );
          })}
        </ol>
      </Card>

      <Card title="Compare versions">
        {chain.length < 2 ? (
          <p className="text-sm text-stone-600">There is only one version. A correction will appear here, and you can compare it with the original.</p>
        ) : (
          <div className="space-y-4">
            <div className="flex flex-wrap items-end gap-4">
              {(
                [
                  ["diff-from", "From", from, setFrom],
                  ["diff-to", "To", to, setTo],
                ] as const
              ).map(([fieldId, text, value, set]) => (
                <div key={fieldId}>
                  <label htmlFor={fieldId} className="block text-sm font-medium text-stone-800">
                    {text}
                  </label>
                  <select id={fieldId} value={value ?? ""} onChange={(e) => set(e.target.value)} className="mt-1 rounded-md border border-stone-300 bg-white px-3 py-2 text-sm">
                    {chain.map((entry) => (
                      <option key={entry.capsuleId} value={entry.capsuleId}>
                        {label(entry.capsuleId)}
                      </option>
                    ))}
                  </select>
                </div>
              ))}
            </div>
            {failedToRead(from) || failedToRead(to) ? (
              <p className="text-sm text-red-800" role="alert" data-testid="compare-failed">
                {[from, to].filter(failedToRead).map(label).join(" and ")} could not be read, so the two versions cannot be compared.{" "}
                <button type="button" className="inline-flex min-h-11 items-center underline" onClick={() => [from, to].forEach((capsuleId) => void detailOf(capsuleId)?.refetch())}>
                  Read again
                </button>
              </p>
            ) : oldRead === undefined || newRead === undefined ? (
              <Loading label="Loading the versions to compare" bars={["block h-24 w-full"]} />
            ) : (
              <>
                <FieldDiffs older={comparableVersion(oldRead)} newer={comparableVersion(newRead)} />
                <div>
                  <h3 className="mb-1 text-sm font-semibold text-stone-800">Body</h3>
                  <DiffView oldText={oldRead.content.body} newText={newRead.content.body} oldLabel={label(from)} newLabel={label(to)} />
                </div>
              </>
            )}
          </div>
        )}
      </Card>

      {current && (current.status === "finalized" || current.status === "superseded" || current.status === "rejected") ? (
        <Card id="correction" title={current.status === "rejected" ? "Revise" : "Publish a correction"}>
          <p className="mb-3 text-sm text-stone-600">
            {current.status === "rejected"
              ? "The current version was rejected. Start a new draft from it; it goes through submission and the vote again."
              : current.status === "superseded"
                ? "A correction of this version was rejected, so it is still the version readers see. A new correction is voted on like the original."
                : "A correction is a new capsule in this chain: it is voted on like the original, and this version stays the one readers see until the correction is finalized."}
          </p>
          {openRevision ? (
            <div className="text-sm text-stone-700" data-testid="open-revision-notice">
              <p>
                {label(openRevision.capsuleId)} is already open as a draft, started {formatTime(openRevision.createdAt)}. Finish and submit it before starting another
                (an Editor may withdraw it from its page).
              </p>
              <Link href={`/capsules/${openRevision.capsuleId}/edit`} className="inline-flex min-h-11 items-center text-accent underline" data-testid="open-revision-continue">
                Continue that draft
              </Link>
            </div>
          ) : (
            <CorrectionForm currentId={current.capsuleId} currentStatus={current.status} outletSlug={readOf(current.capsuleId)?.capsule.outletSlug} />
          )}
        </Card>
      ) : null}
    </div>
  );
}
