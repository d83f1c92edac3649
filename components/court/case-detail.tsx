"use client";

import { vaultObjectIdOf } from "@/lib/api/vault-path";
import { BackToCases } from "./back-to-cases";
import { FullAddress } from "@/components/ui/full-address";
import Link from "next/link";
import { ApiError } from "@/lib/api/api-client";
import type { TCourtCase } from "@/features/court/court.schema";
import { useCase } from "@/components/court/use-court";
import { useCapsule } from "@/components/capsules/use-capsules";
import { Card } from "@/components/ui/card";
import { ErrorNotice } from "@/components/ui/error-notice";
import { Loading, Skeleton } from "@/components/ui/skeleton";
import { IntegrityBadge } from "@/components/reader/integrity-badge";
import { formatTime } from "@/components/ui/capsule-format";
import { claimTypeName } from "@/components/ui/claim-type-labels";
import { CaseStatusBadge, LabelChip } from "./case-badges";
import { CaseTimeline } from "./case-timeline";
import { PenaltyPanel } from "./penalty-panel";
import { ReplyPanel } from "./reply-panel";
import { JuryPanel } from "./jury-panel";
import { labelTitle, verdictText } from "./court-format";
import { CLERK_CASE_RETIRED } from "@/features/court/clerk-retirement";
import { UnknownClaims } from "./unknown-claims";
import { claimName, nameOfEvidence } from "./article-numbers";
import { CASE_PLACE } from "./case-places";
import { failedWithNothing, RefreshFailed } from "@/components/ui/refresh-failed";
import { shownUri } from "@/lib/schemas/uri-kind";

// /court/:id — one case: what is challenged and why, the label before and now, the verdict and
// penalty, the timeline, and, for a jury case, its jury panel.
export function CaseDetail({ id }: { id: string }) {
  const answer = useCase(id);
  const capsule = useCapsule(answer.data?.case.capsuleId);

  if (failedWithNothing(answer)) {
    if (answer.error instanceof ApiError && (answer.error.status === 404 || answer.error.status === 400)) {
      return (
        <div className="space-y-3">
          <h1 className="font-serif text-3xl font-bold tracking-tight">Court case not found</h1>
          <p className="text-stone-600">
            There is no court case #{id}.{" "}
            <Link href="/court" className="text-accent underline">
              See all cases
            </Link>
            .
          </p>
        </div>
      );
    }
    return <ErrorNotice title="The court case could not be loaded" error={answer.error} onRetry={() => void answer.refetch()} />;
  }
  if (!answer.data) {
    return (
      <div className="space-y-6" role="status" aria-busy="true" aria-label="Loading court case">
        <Skeleton className="block h-10 w-1/2" />
        <Skeleton className="block h-40 w-full" />
        <Skeleton className="block h-32 w-full" />
      </div>
    );
  }
  const { case: c, timeline, capsule: labelState } = answer.data;
  const read = capsule.data;
  const evidence = c.evidenceId ? read?.evidence.find((e) => e.evidenceId === c.evidenceId) : undefined;

  return (
    <div className="space-y-6">
      <RefreshFailed what="The court case" read={answer} />
      <div>
        <BackToCases />
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <h1 className="font-serif text-3xl font-bold tracking-tight">Court case #{c.caseId}</h1>
          <CaseStatusBadge status={c.status} />
        </div>
        <div className="mt-1 text-sm text-stone-600 [overflow-wrap:anywhere]">
          Opened {formatTime(c.openedAt)} by <FullAddress address={c.openedBy} label="opener’s address" /> · outlet{" "}
          <Link href={`/outlets/${c.outletSlug}`} className="text-accent underline">
            <bdi data-testid="case-outlet-name">{c.outletName}</bdi>
          </Link>
        </div>
      </div>

      {/* the right of reply (issue 13): claim, reply and verdict side by side on wide screens, stacked on phones */}
      <CasePlaces jury={c.court === "jury"} />

      <section id={CASE_PLACE.statements} aria-label="Claim, reply and verdict" className="grid scroll-mt-4 gap-6 lg:grid-cols-3" data-testid="case-claim-reply-verdict">
        <Card title="Claim">
          <div className="space-y-2 text-sm">
            {c.claimIds.length > 0 ? (
              <ul className="space-y-1" data-testid="case-disputed-claims">
                {c.claimIds.map((id) => {
                  const claim = read?.claims.find((k) => k.claimId === id);
                  return (
                    <li key={id} className="[overflow-wrap:anywhere]">
                      <span className="font-semibold">{claim ? claimName(claim) : "Claim"}</span>
                      {claim ? (
                        <>
                          {" "}
                          ({claimTypeName(claim.claimType)}): <span className="font-serif text-base text-ink">“<bdi>{claim.exact}</bdi>”</span>
                        </>
                      ) : null}
                    </li>
                  );
                })}
              </ul>
            ) : null}
            {c.unknownClaimIds.length > 0 ? <UnknownClaims ids={c.unknownClaimIds} closed={c.status === "closed"} /> : null}
            {/* the challenger's statement, said once: "What is challenged" below quotes the sentence and the evidence */}
            <p dir="auto" className="whitespace-pre-line text-stone-800 [overflow-wrap:anywhere]" data-testid="case-grounds">
              {c.grounds}
            </p>
            {c.requestedLabel ? (
              <p className="text-stone-700">
                The opener asks the court for the label <LabelChip label={c.requestedLabel} />.
              </p>
            ) : null}
          </div>
        </Card>
        <Card title="Reply">
          <ReplyPanel item={c} submitter={read?.capsule.submitter} ownerWallet={read?.outlet.outletWallet} />
        </Card>
        <Card title="Verdict">
          {c.status === "closed" ? (
            <Outcome item={c} />
          ) : (
            <p className="text-sm text-stone-600">A jury of bonded Editors of other outlets decides this case; its label is final after the appeal period.</p>
          )}
        </Card>
      </section>

      {/* phones read the case in its order: what is challenged (the grounds) before the jury's forms, then the label and
          the timeline; wide screens keep the jury's panel above what is challenged, with the label beside it */}
      <div className="flex flex-col gap-6 lg:grid lg:grid-cols-3" data-testid="case-body">
        <Card title="What is challenged" className={c.court === "jury" ? "lg:col-span-2 lg:col-start-1 lg:row-start-2" : "lg:col-span-2 lg:col-start-1 lg:row-start-1"} id={CASE_PLACE.challenged}>
          <div className="space-y-4 text-sm">
            <div>
              <p className="text-xs uppercase tracking-wide text-stone-500">Article</p>
              {read ? (
                <p className="font-serif text-lg font-semibold" data-testid="case-capsule-title">
                  <Link href={`/read/${c.capsuleId}`} className="text-ink underline-offset-2 hover:underline">
                    {read.content.title || read.capsule.title}
                  </Link>
                </p>
              ) : capsule.isError ? (
                <p className="text-stone-600">Capsule #{c.capsuleId} (its details could not be loaded)</p>
              ) : (
                <Loading label="Loading the article" bars={["block h-6 w-2/3"]} />
              )}
              <p className="text-xs text-stone-500">
                Capsule #{c.capsuleId}
                {c.rootCapsuleId !== c.capsuleId ? ` (revision chain of #${c.rootCapsuleId})` : ""} ·{" "}
                <Link href={`/read/${c.capsuleId}`} className="text-accent underline">
                  reader’s view
                </Link>{" "}
                ·{" "}
                <Link href={`/capsules/${c.capsuleId}`} className="text-accent underline">
                  vote record
                </Link>
              </p>
            </div>
            {c.claim ? (
              <div>
                <p className="text-xs uppercase tracking-wide text-stone-500">Claim challenged</p>
                <blockquote dir="auto" className="mt-1 border-l-4 border-amber-400 bg-amber-50 px-3 py-2 font-serif text-base text-ink [overflow-wrap:anywhere]" data-testid="case-claim">
                  {c.claim}
                </blockquote>
              </div>
            ) : null}
            {c.evidenceId ? (
              <div data-testid="case-evidence">
                <p className="text-xs uppercase tracking-wide text-stone-500">Evidence item challenged</p>
                {evidence ? (
                  <div className="mt-1 rounded-md border border-stone-200 p-3">
                    <p className="text-xs font-semibold uppercase tracking-wide text-stone-500" data-testid="case-evidence-label">
                      Article evidence · {vaultObjectIdOf(evidence.uri) ? "Vault file" : "Link"} · submitted with the article by its journalist
                    </p>
                    <p className="font-medium">
                      {nameOfEvidence(read?.evidence.filter((e) => e.active), evidence.evidenceId)} · {evidence.label || evidence.evidenceType}
                      {evidence.isPrimary ? <span className="ml-2 text-xs text-stone-500">(primary)</span> : null}
                    </p>
                    <p className="break-all text-xs text-stone-600">
                      {evidence.evidenceType} · {evidence.mimeType} · <span className="font-mono">{shownUri(evidence.uri)}</span>
                    </p>
                    <p className="break-all font-mono text-xs text-stone-500">SHA-256 {evidence.contentHash}</p>
                  </div>
                ) : (
                  <p className="mt-1">{read ? "An evidence item no longer listed with the article" : "Loading the evidence item…"}</p>
                )}
              </div>
            ) : null}
          </div>
        </Card>

        {c.court === "jury" ? (
          <div className="min-w-0 lg:col-span-3 lg:row-start-1">
            <JuryPanel item={c} submitter={read?.capsule.submitter} claims={read?.claims} />
          </div>
        ) : null}

        <div className={`min-w-0 space-y-6 lg:col-start-3 lg:row-span-2 ${c.court === "jury" ? "lg:row-start-2" : "lg:row-start-1"}`}>
          <Card title="Integrity label" id={CASE_PLACE.label}>
            <div className="space-y-3">
              <IntegrityBadge label={labelState.integrityLabel} />
              <p className="text-sm text-stone-600">
                Before the case: <LabelChip label={c.labelBefore} />
              </p>
              <p className="text-xs text-stone-500">
                {labelState.distributionActive
                  ? "The article stays readable, can carry ads and be licensed; feeds and the front page rank it by its outlet’s standing and its label."
                  : "The article stays readable with this label, but carries no ads, its licences are flagged to buyers, and feeds and the front page rank it at a tenth of its weight."}
              </p>
            </div>
          </Card>
          {c.penalty ? <PenaltyPanel penalty={c.penalty} outletName={c.outletName} /> : null}
        </div>

        <Card title="Timeline" className={c.court === "jury" ? "lg:col-span-2 lg:col-start-1 lg:row-start-3" : "lg:col-span-2 lg:col-start-1 lg:row-start-2"} id={CASE_PLACE.timeline}>
          <CaseTimeline entries={timeline} jury={c.juryTimeline} evidence={read?.evidence.filter((e) => e.active)} />
        </Card>
      </div>
    </div>
  );
}

/**
 * The case page is long (on a phone, a dozen screens for a jury case): links to its parts, in the order
 * a phone shows them (on a wide screen the jury's panel stands above what is challenged, and the label beside it).
 */
function CasePlaces({ jury }: { jury: boolean }) {
  const places: Array<[string, string]> = [
    [CASE_PLACE.statements, "Claim, reply, verdict"],
    [CASE_PLACE.challenged, "What is challenged"],
    ...(jury ? ([[CASE_PLACE.jury, "Jury"], [CASE_PLACE.evidence, "Evidence"], [CASE_PLACE.jurors, "Jurors"]] as Array<[string, string]>) : []),
    [CASE_PLACE.label, "Integrity label"],
    [CASE_PLACE.timeline, "Timeline"],
  ];
  return (
    <nav aria-label="Parts of this case" data-testid="case-places">
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
        {places.map(([id, name]) => (
          <li key={id}>
            <a href={`#${id}`} className="inline-flex min-h-11 items-center text-accent underline sm:min-h-0">
              {name}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function Outcome({ item }: { item: TCourtCase }) {
  if (!item.verdict) {
    return (
      <p className="text-sm text-stone-700" data-testid="case-retired">
        {item.court === "jury" && item.rationale ? item.rationale : CLERK_CASE_RETIRED}{" "}
        <Link href={`/capsules/${item.capsuleId}/dispute`} className="text-accent underline">
          Open a jury case on this article
        </Link>
      </p>
    );
  }
  const lastRound = item.jurors.filter((j) => j.round === (item.round ?? 0));
  const noneRevealed = item.court === "jury" && item.verdict === "unresolved" && lastRound.length > 0 && lastRound.every((j) => !j.revealed);
  return (
    <div className="space-y-2 text-sm" data-testid="case-outcome">
      <p className="font-semibold text-ink">{verdictText[item.verdict]}</p>
      {noneRevealed ? (
        <p className="text-ink" data-testid="case-no-reveal">
          No juror of round {(item.round ?? 0) + 1} revealed their findings, so the case ended unresolved and those jurors lost part of their bond.
        </p>
      ) : null}
      {item.finding ? <p className="text-ink [overflow-wrap:anywhere]" data-testid="case-finding">Finding: {item.finding}</p> : null}
      {item.rationale ? <p className="whitespace-pre-line text-stone-700 [overflow-wrap:anywhere]">{item.rationale}</p> : null}
      <div className="text-xs text-stone-500">
        {item.court === "jury" ? (
          <>Recorded on chain by the jury court, {formatTime(item.closedAt)}</>
        ) : (
          <>
            Recorded {formatTime(item.closedAt)}
            {item.decidedBy ? (
              <>
                {" "}
                by <FullAddress address={item.decidedBy} label="address that recorded it" />
              </>
            ) : null}
          </>
        )}
        . The article’s label became{" "}
        {labelTitle(item.verdict)}.
      </div>
    </div>
  );
}
