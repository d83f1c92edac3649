"use client";

import Link from "next/link";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { describeWalletError } from "@/lib/wallet/wallet-error";
import { useCapsule, useCapsuleHistory, useCloseVote } from "@/components/capsules/use-capsules";
import { useChainClock } from "@/components/network/use-chain-clock";
import { useSession } from "@/components/wallet/use-session";
import { useVoteEvents, useVoteList } from "@/components/capsules/use-vote-events";
import { Card } from "@/components/ui/card";
import { capsuleTypeLabel, formatTime } from "@/components/ui/capsule-format";
import { CapsuleStatusBadge } from "./capsule-status-badge";
import { Countdown } from "./countdown";
import { TallyPanel } from "./tally-panel";
import type { AnnouncedVote } from "./tally-announcement";
import { displayAddress } from "@/lib/wallet/short-address";
import { VotePanel } from "./vote-panel";
import { VoterList } from "./voter-list";
import { CapsuleContent } from "./capsule-content";
import { CorrectionBrief } from "./correction-brief";
import { OperatorTxList } from "./operator-tx-list";
import { ClaimList } from "./claim-list";
import { CapsuleReadFailure, CapsuleSkeleton, missingCapsuleText } from "./capsule-read-states";
import { RejectPanel } from "./reject-panel";
import { ProposalTimeline } from "./proposal-timeline";
import { AddressLink, TxLink } from "@/components/ui/chain-link";
import { isReadersVersion } from "@/components/capsules/readers-version";
import { versionStandings } from "./version-standing";
import { BackLink } from "@/components/ui/back-link";
import { failedWithNothing, RefreshFailed } from "@/components/ui/refresh-failed";
import { submitterCredit, submitterGivenName, votesNamedOnCapsule } from "@/features/capsules/credit-name";
import { trustedAtSubmitWords } from "./trusted-at-submit";
import { useOutletRoles } from "@/components/roles/use-roles";
import { isAuthorRole } from "@/lib/roles/role-catalog";

// /capsules/:id — the editors' view: status, countdown on the chain clock, tally and quorum, Yes/No,
// live voters, and "Close the vote" once the window has passed.
/** `courtRecord`: the court's record of this capsule, shown once it is on chain (the page passes it in, so the capsule view does not import the court). */
export function CapsuleView({ id, courtRecord }: { id: string; courtRecord?: ReactNode }) {
  // no polling: the page's push channel (GET /api/live) refetches the votes and patches (or refetches) the capsule
  const capsule = useCapsule(id);
  const now = useChainClock();
  const { wallet, status: sessionStatus } = useSession();
  const status = capsule.data?.capsule.status;
  const [votePage, setVotePage] = useState(1);
  const votes = useVoteList(id, votePage, status !== undefined && status !== "draft");
  const live = useVoteEvents(id, status === "pending");
  // "superseded" on chain may still be the version readers see (its correction is under vote or was rejected): the chain tells
  const chain = useCapsuleHistory(id, status === "superseded");
  // set when this page closed the vote (or withdrew the draft): the outcome that says what happened takes the focus,
  // which the closing button, gone with the open vote, would otherwise drop to the page's start
  const [outcomeTakesFocus, setOutcomeTakesFocus] = useState(false);

  if (failedWithNothing(capsule)) {
    return (
      <CapsuleReadFailure
        read={capsule}
        missing={
          <>
            {missingCapsuleText(id, sessionStatus === "signed-in")} <Link href="/newsroom" className="text-accent underline">Back to the newsroom</Link>.
          </>
        }
      />
    );
  }
  const read = capsule.data;
  if (!read) {
    return <CapsuleSkeleton blocks={["h-48", "h-32"]} />;
  }
  // voters and tally from the same answer (the votes read carries the capsule's tally of that read)
  const tallyRead = votes.data ? { ...read, capsule: { ...read.capsule, ...votes.data.capsule, status: read.capsule.status }, policy: votes.data.policy } : read;
  const c = read.capsule;
  const windowOpen = c.status === "pending" && now < Number(c.closesAt);
  const windowPassed = c.status === "pending" && now >= Number(c.closesAt);
  // the submitter by its name on this capsule with its short address, else "wallet 0x1234…abcd"; its own vote the same
  const submitted = submitterCredit(c.submitter, read.contributors);
  const submitterName = submitterGivenName(c.submitter, read.contributors);
  const namedVotes = votes.data ? votesNamedOnCapsule(votes.data.items, c.submitter, submitterName) : undefined;
  const lastVote = namedVotes && votes.data && !votes.data.hasMore ? namedVotes.at(-1) : undefined;
  const latest: AnnouncedVote | undefined = lastVote
    ? { who: wallet && lastVote.voter.toLowerCase() === wallet.toLowerCase() ? "You" : (lastVote.displayName ?? `Wallet ${displayAddress(lastVote.voter)}`), support: lastVote.support }
    : undefined;
  const standing = chain.data ? versionStandings(chain.data.chain, chain.data.currentCapsuleId).get(c.id) : undefined;

  return (
    <div className="space-y-6">
      <RefreshFailed what="The capsule" read={capsule} />
      <div>
        <BackLink href="/newsroom">Newsroom</BackLink>
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <h1 className="font-serif text-3xl font-bold tracking-tight">{c.title}</h1>
          {c.status !== "superseded" || chain.isError ? (
            <CapsuleStatusBadge status={c.status} />
          ) : chain.data ? (
            <CapsuleStatusBadge status={standing?.tone ?? c.status} label={standing?.label} />
          ) : null}
        </div>
        <p className="mt-1 text-sm text-stone-600">
          #{c.id} · {read.outlet.outletName} · {capsuleTypeLabel[c.capsuleType] ?? c.capsuleType}
          {c.revisionNumber > 0 ? ` (revision ${c.revisionNumber})` : ""} · by{" "}
          <span data-testid="capsule-submitter">
            <AddressLink address={c.submitter} label={submitted} />
          </span>
        </p>
        {c.status !== "draft" ? (
          <p className="mt-1 text-sm text-stone-600" data-testid="capsule-trusted-publisher">
            {trustedAtSubmitWords(c.trustedPublisherAtSubmit)}{" "}
            <Link href="/distribution" prefetch={false} className="text-accent underline">
              How it is decided
            </Link>
          </p>
        ) : null}
        {c.parentCapsuleId ? (
          <p className="mt-1 text-sm text-stone-600" data-testid="revision-of">
            {c.capsuleType === "original" ? "Revised version" : (capsuleTypeLabel[c.capsuleType] ?? "Revision")} of{" "}
            <Link href={`/capsules/${c.parentCapsuleId}`} className="text-accent underline">
              capsule #{c.parentCapsuleId}
            </Link>
            {read.revision.revisionReason ? <>: <bdi>{read.revision.revisionReason}</bdi></> : ""}
          </p>
        ) : null}
        <nav aria-label="Capsule" className="mt-3 flex flex-wrap gap-x-3 text-sm">
          <Link href={`/capsules/${id}/history`} className="inline-flex min-h-11 items-center text-accent underline">
            Revision history
          </Link>
          {c.status === "draft" ? (
            <Link href={`/capsules/${id}/edit`} className="inline-flex min-h-11 items-center text-accent underline">
              Edit draft
            </Link>
          ) : null}
          {c.status === "finalized" || c.status === "superseded" ? (
            <Link href={`/read/${id}`} className="inline-flex min-h-11 items-center text-accent underline">
              Reader’s view
            </Link>
          ) : null}
          <NewsroomActions read={read} />
        </nav>
      </div>
      {c.status === "finalized" || c.status === "superseded" ? courtRecord : null}

      {c.status === "draft" ? (
        <Card>
          <p className="text-stone-700">This capsule is still a draft. The vote opens when its journalist submits it and pays the fee.</p>
          <div className="mt-4">
            <RejectPanel read={read} windowOpen={false} onDone={() => setOutcomeTakesFocus(true)} />
          </div>
        </Card>
      ) : (
        <div className="grid gap-6 lg:grid-cols-3">
          <Card title="Vote" className="lg:col-span-2">
            <div className="space-y-6">
              <WindowLine read={read} now={now} />
              <TallyPanel read={tallyRead} latest={latest} />
              <CorrectionBrief read={read} />
              <VotePanel capsuleId={id} outletSlug={c.outletSlug} outletName={read.outlet.outletName} open={windowOpen} chainNow={now} votes={votes.data?.items} viewerVoting={read.viewerVoting} />
              <ClosePanel id={id} shown={windowPassed} onClosed={() => setOutcomeTakesFocus(true)} />
              <RejectPanel read={read} windowOpen={windowOpen} onDone={() => setOutcomeTakesFocus(true)} />
              <Outcome read={read} takeFocus={outcomeTakesFocus} onFocused={() => setOutcomeTakesFocus(false)} />
              <OperatorTxList transactions={read.operatorTransactions} />
            </div>
          </Card>
          <div className="min-w-0 space-y-6">
            <Card>
              <ProposalTimeline capsule={c} votes={namedVotes ?? []} now={now} moreVotes={Boolean(votes.data && (votes.data.hasMore || votes.data.page > 1))} submitterName={submitterName} />
            </Card>
            <Card>
              <VoterList
                votes={namedVotes}
                loading={votes.isPending}
                live={c.status === "pending" ? live : undefined}
                me={wallet}
                paging={votes.data ? { page: votes.data.page, total: votes.data.total, hasMore: votes.data.hasMore, onPage: setVotePage } : undefined}
              />
            </Card>
          </div>
        </div>
      )}
      {read.claims.length > 0 ? (
        <Card title="Claims">
          <ClaimList claims={read.claims} evidence={read.evidence} />
        </Card>
      ) : null}
      <CapsuleContent read={read} />
    </div>
  );
}

function WindowLine({ read, now }: { read: NonNullable<ReturnType<typeof useCapsule>["data"]>; now: number }) {
  const c = read.capsule;
  if (c.status !== "pending") {
    const closedEarly = c.closedAt !== "0" && c.closesAt !== "0" && Number(c.closedAt) < Number(c.closesAt);
    return (
      <p className="text-sm text-stone-600" data-testid="window-line">
        {closedEarly
          ? `The window opened ${formatTime(c.opensAt)} and was closed early, ${formatTime(c.closedAt)}; it was to run until ${formatTime(c.closesAt)}.`
          : `The window ran from ${formatTime(c.opensAt)} to ${formatTime(c.closesAt)}.`}
      </p>
    );
  }
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-2">
      <div className="text-sm text-stone-700">
        <p>Voting {now < Number(c.closesAt) ? "closes" : "closed"} {formatTime(c.closesAt)} (chain time)</p>
        {c.snapshotBlock ? (
          <p className="text-xs text-stone-600" data-testid="snapshot-line">
            Voters: the bonded Editors of {read.outlet.outletName} when the vote opened (block {c.snapshotBlock}).
          </p>
        ) : null}
      </div>
      <p className="text-lg font-semibold">
        <Countdown closesAt={c.closesAt} now={now} />
      </p>
    </div>
  );
}

/** Stays mounted once the vote is closed (`shown` false): the mutation's onSuccess, which moves the focus, would not run in an unmounted one. */
function ClosePanel({ id, shown, onClosed }: { id: string; shown: boolean; onClosed: () => void }) {
  const { status } = useSession();
  const close = useCloseVote(id);
  if (!shown) return null;
  return (
    <div className="rounded-md border border-blue-200 bg-blue-50 p-4" data-testid="close-panel">
      <p className="text-sm text-blue-950">The window has passed. Anyone signed in can close the vote: the chain then counts it and finalizes or rejects the capsule.</p>
      <button
        type="button"
        disabled={status !== "signed-in" || close.isPending}
        onClick={() => close.mutate(undefined, { onSuccess: onClosed })}
        className="mt-3 rounded-md bg-ink px-4 py-2 text-sm font-semibold text-white hover:bg-stone-800 disabled:opacity-50"
      >
        {close.isPending ? "Closing the vote…" : "Close the vote"}
      </button>
      {status !== "signed-in" ? <p className="mt-2 text-xs text-blue-950">Sign in from the page header to close the vote.</p> : null}
      {close.isError ? (
        <p role="alert" className="mt-2 text-sm text-red-800">
          {describeWalletError(close.error, "close the vote")}
        </p>
      ) : null}
    </div>
  );
}

/** `takeFocus`: this page just closed the vote; the outcome takes the focus once it is shown, then `onFocused`. */
function Outcome({ read, takeFocus, onFocused }: { read: NonNullable<ReturnType<typeof useCapsule>["data"]>; takeFocus: boolean; onFocused: () => void }) {
  const c = read.capsule;
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (takeFocus && box.current) {
      box.current.focus();
      onFocused();
    }
  }, [takeFocus, c.status, onFocused]);
  if (c.status === "finalized" || c.status === "superseded" || c.status === "accepted") {
    return (
      <div ref={box} tabIndex={-1} role="status" className="rounded-md border border-emerald-300 bg-emerald-50 p-4 text-emerald-950" data-testid="outcome">
        <p className="font-semibold">Accepted and finalized on chain{c.finalizedAt !== "0" ? ` at ${formatTime(c.finalizedAt)}` : ""}.</p>
        {c.finalizeTxHash ? (
          <p className="mt-1 text-xs">
            Transaction <TxLink hash={c.finalizeTxHash} />
          </p>
        ) : null}
        {c.status === "superseded" ? (
          <p className="mt-1 text-sm" data-testid="outcome-superseded">
            {read.revision.publishedCapsuleId !== c.id ? (
              <>Correction #{read.revision.publishedCapsuleId} replaced this version; readers see it instead. Every version is in the </>
            ) : read.revision.currentCapsuleId === c.id ? (
              <>A correction of this version was rejected, so readers still see this version; it can be corrected again from the </>
            ) : (
              <>Correction #{read.revision.currentCapsuleId} of this version is under vote; readers see this version until it is finalized. Where it stands is in the </>
            )}
            <Link href={`/capsules/${c.id}/history`} className="underline">
              revision history
            </Link>
            .
          </p>
        ) : null}
      </div>
    );
  }
  if (c.status === "rejected") {
    return (
      <div ref={box} tabIndex={-1} role="status" className="rounded-md border border-red-300 bg-red-50 p-4 text-red-950" data-testid="outcome">
        <p className="font-semibold">Rejected: {rejectionReason(read)}</p>
        <p className="mt-1 text-sm">
          The journalist can revise it as a new draft from the{" "}
          <Link href={`/capsules/${c.id}/history`} className="underline">
            revision history
          </Link>
          .
        </p>
      </div>
    );
  }
  return null;
}

/** Why a capsule was rejected, from its tally: which of the two conditions failed, or that it was closed early. */
function rejectionReason(read: NonNullable<ReturnType<typeof useCapsule>["data"]>): string {
  const c = read.capsule;
  const { approvalThreshold, quorumThreshold } = read.policy;
  const yes = Number(c.weightedYes);
  const participation = Number(c.weightedParticipation);
  if (c.submitTxHash === null) return "it was withdrawn before it reached the vote.";
  if (c.closedAt !== "0" && c.closesAt !== "0" && Number(c.closedAt) < Number(c.closesAt)) return "the vote was closed before its window ended (by an Editor, or by its journalist before the first vote).";
  const missed = [
    ...(participation < quorumThreshold ? [`participation was ${c.weightedParticipation}%, below the ${quorumThreshold}% quorum`] : []),
    ...(yes < approvalThreshold ? [`${c.weightedYes}% voted yes, below the ${approvalThreshold}% needed`] : []),
  ];
  return missed.length > 0 ? `${missed.join(", and ")}.` : "it was closed before its window ended.";
}

/**
 * The published version's next steps. Its newsroom (the submitter, or a wallet holding an author role at the outlet)
 * is offered "Publish a correction", which leads to the history page's form; the submitter is not offered a dispute,
 * which the jury court refuses from the article's own author (OwnArticle).
 */
function NewsroomActions({ read }: { read: NonNullable<ReturnType<typeof useCapsule>["data"]> }) {
  const { wallet, status } = useSession();
  const c = read.capsule;
  const signedIn = status === "signed-in" && wallet !== undefined;
  const roles = useOutletRoles(signedIn ? wallet : undefined, c.outletSlug);
  if (!isReadersVersion(read)) return null;
  const isSubmitter = signedIn && wallet.toLowerCase() === c.submitter.toLowerCase();
  const holdsAuthorRole = roles.data?.roles.some((r) => isAuthorRole(r.roleId)) ?? false;
  return (
    <>
      {c.status === "finalized" && (isSubmitter || holdsAuthorRole) ? (
        <Link href={`/capsules/${c.id}/history#correction`} className="inline-flex min-h-11 items-center text-accent underline" data-testid="capsule-correction-link">
          Publish a correction
        </Link>
      ) : null}
      {isSubmitter ? null : (
        <Link href={`/capsules/${c.id}/dispute`} prefetch={false} className="inline-flex min-h-11 items-center text-accent underline">
          Open a dispute
        </Link>
      )}
    </>
  );
}
