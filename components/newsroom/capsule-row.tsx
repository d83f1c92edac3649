import Link from "next/link";
import type { TCapsuleListItem, TCapsuleObject } from "@/features/capsules/capsules.schema";
import { viewerVoteWords } from "@/components/capsules/viewer-vote-words";
import { CapsuleStatusBadge } from "@/components/capsules/capsule-status-badge";
import { Countdown } from "@/components/capsules/countdown";
import { capsuleTypeLabel, formatTime } from "@/components/ui/capsule-format";
import { integrityLabelInfo } from "@/features/capsules/integrity-labels";

// One capsule in a newsroom list: where its title leads depends on what can be done with it next.
export function capsuleHref(capsule: Pick<TCapsuleObject, "id" | "status">): string {
  if (capsule.status === "draft") return `/capsules/${capsule.id}/edit`;
  return `/capsules/${capsule.id}`;
}

/**
 * `outletName`: the outlet's name when the list knows it (else its slug). `listedAbove`: the row repeats one a card
 * above already shows; below the two-column layout (lg), where the cards stack into one column, it says so ("Listed
 * above") rather than being left out, so a phone shows the same page of rows as the desktop (docs/DECISIONS.md).
 */
/** `votesHere`: the signed-in wallet is an Editor of the capsule's outlet, so its own vote is shown (viewerVoteWords). */
export function CapsuleRow({ capsule, now, outletName, listedAbove = false, votesHere = false }: { capsule: TCapsuleListItem; now: number; outletName?: string; listedAbove?: boolean; votesHere?: boolean }) {
  const myVote = viewerVoteWords(capsule, now, votesHere);
  return (
    <li
      className={`flex flex-col gap-1 py-3 sm:flex-row sm:items-center sm:justify-between sm:gap-4`}
      data-testid="capsule-row"
      data-capsule-id={capsule.id}
      data-listed-above={listedAbove ? "true" : undefined}
    >
      <div className="min-w-0">
        <Link href={capsuleHref(capsule)} className="font-medium text-ink underline-offset-2 hover:underline">
          {capsule.title || "Untitled draft"}
        </Link>
        <p className="text-xs text-stone-500">
          {listedAbove ? (
            <span className="mr-1 rounded bg-stone-100 px-1.5 py-0.5 font-semibold text-stone-700 lg:hidden" data-testid="capsule-row-listed-above">
              Listed above
            </span>
          ) : null}
          #{capsule.id} · {outletName ?? capsule.outletSlug} · {capsuleTypeLabel[capsule.capsuleType] ?? capsule.capsuleType}
          {capsule.revisionNumber > 0 ? ` · revision ${capsule.revisionNumber}` : ""} ·{" "}
          {capsule.status === "finalized" || capsule.status === "superseded"
            ? `finalized ${formatTime(capsule.finalizedAt)}`
            : capsule.status === "pending"
              ? `submitted ${formatTime(capsule.opensAt)}`
              : `updated ${formatTime(capsule.updatedAt)}`}
        </p>
      </div>
      <div className="flex shrink-0 flex-wrap items-center gap-3 text-sm">
        {myVote ? (
          <span
            className={`whitespace-nowrap rounded-full border px-2 py-0.5 text-xs font-semibold ${capsule.viewerVote === "none" ? "border-amber-400 bg-amber-50 text-amber-950" : "border-stone-300 bg-stone-50 text-stone-700"}`}
            data-testid="capsule-row-my-vote"
            data-vote={capsule.viewerVote}
          >
            {myVote}
          </span>
        ) : null}
        {capsule.status === "pending" ? <Countdown closesAt={capsule.closesAt} now={now} className="text-stone-700" /> : null}
        {capsule.status === "finalized" ? (
          <Link href={`/read/${capsule.id}`} className="inline-flex min-h-11 items-center text-accent underline-offset-2 hover:underline">
            Reader’s view
          </Link>
        ) : null}
        {(capsule.status === "finalized" || capsule.status === "superseded") && capsule.integrityLabel !== "clean" ? <LabelChip label={capsule.integrityLabel} /> : null}
        <CapsuleStatusBadge status={capsule.status} />
      </div>
    </li>
  );
}

/** A published article's label when a court or a correction gave it one: its author sees it in the list, not only in the inbox. */
function LabelChip({ label }: { label: string }) {
  const info = integrityLabelInfo(label);
  return (
    <span className={`whitespace-nowrap rounded-full border px-2 py-0.5 text-xs font-semibold ${info.className}`} title={info.explanation} data-testid="capsule-row-label" data-label={info.key}>
      <span aria-hidden="true">{info.symbol} </span>
      {info.title}
    </span>
  );
}
