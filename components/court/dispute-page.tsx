"use client";

import Link from "next/link";
import { useState, type ReactNode } from "react";
import type { z } from "zod";
import type { ZDisputeResponse } from "@/features/court/court.schema";
import { useCapsule } from "@/components/capsules/use-capsules";
import { useOutletRoles } from "@/components/roles/use-roles";
import { useCapsuleCases } from "@/components/court/use-court";
import { useSession } from "@/components/wallet/use-session";
import { Card } from "@/components/ui/card";
import { ErrorNotice } from "@/components/ui/error-notice";
import { Loading } from "@/components/ui/skeleton";
import { IntegrityBadge } from "@/components/reader/integrity-badge";
import { CapsuleStatusBadge } from "@/components/capsules/capsule-status-badge";
import { formatCap, formatTime } from "@/components/ui/capsule-format";
import { CaseStatusBadge, LabelChip } from "./case-badges";
import { DisputeForm } from "./dispute-form";
import { LabelHistory } from "./label-history";
import { CapsuleReadFailure, CapsuleSkeleton } from "@/components/capsules/capsule-read-states";
import { isReadersVersion } from "@/components/capsules/readers-version";
import { failedWithNothing, RefreshFailed } from "@/components/ui/refresh-failed";

type Opened = z.infer<typeof ZDisputeResponse>;

// /capsules/:id/dispute — who may dispute, the form, the case it opened, and the article's earlier cases and labels.
export function DisputePage({ id }: { id: string }) {
  const capsule = useCapsule(id);
  const cases = useCapsuleCases(id);
  const [opened, setOpened] = useState<Opened | undefined>();
  const session = useSession();

  if (failedWithNothing(capsule)) {
    return (
      <CapsuleReadFailure
        read={capsule}
        missing={
          <>
            There is no capsule #{id} to dispute.{" "}
            <Link href="/court" className="text-accent underline">
              See the court’s cases
            </Link>
            .
          </>
        }
      />
    );
  }
  const read = capsule.data;
  if (!read) {
    return <CapsuleSkeleton blocks={["h-40"]} />;
  }
  const c = read.capsule;
  // a later version of the chain readers see instead: the one to dispute
  const published = read.revision.publishedCapsuleId;
  const publishedLater = published !== null && published !== c.id ? published : null;
  const openCase = cases.data?.items.find((item) => item.status === "open");
  // JuryCourt refuses a case from the article's own author (OwnArticle): say so before the form is filled in
  const ownArticle = session.status === "signed-in" && session.wallet?.toLowerCase() === c.submitter.toLowerCase();

  return (
    <div className="space-y-6">
      <RefreshFailed what="The article" read={capsule} />
      <div>
        <p className="text-sm">
          <Link href={`/read/${id}`} className="text-stone-500 hover:text-ink">
            ← Back to the article
          </Link>
        </p>
        <h1 className="mt-2 font-serif text-3xl font-bold tracking-tight">Dispute an article</h1>
        <div className="mt-2 flex flex-wrap items-center gap-2">
          <p className="font-serif text-xl text-ink" data-testid="dispute-capsule-title">
            {read.content.title || c.title}
          </p>
          <CapsuleStatusBadge status={c.status} />
        </div>
        <p className="mt-1 text-sm text-stone-600 [overflow-wrap:anywhere]">
          #{c.id} · <bdi>{read.outlet.outletName}</bdi> · finalized {formatTime(c.finalizedAt)}
        </p>
      </div>

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          {opened ? (
            <OpenedCase answer={opened} />
          ) : !isReadersVersion(read) ? (
            <Card>
              <p className="text-stone-700" data-testid="dispute-not-finalized">
                {publishedLater
                  ? "This version has been replaced by a finalized correction. Dispute the version readers see instead."
                  : "Only a finalized article can be disputed. This capsule has not been finalized."}{" "}
                {publishedLater ? (
                  <Link href={`/capsules/${publishedLater}/dispute`} className="text-accent underline">
                    Dispute the current version
                  </Link>
                ) : (
                  <Link href={`/capsules/${id}`} className="text-accent underline">
                    See its status
                  </Link>
                )}
              </p>
            </Card>
          ) : ownArticle ? (
            <Card>
              <p className="text-stone-700" data-testid="dispute-own-article">
                You submitted this article, so the jury court takes no case from you against it. If something in it is wrong, publish a correction: it is
                voted on like the original, and readers see what it changed.{" "}
                <Link href={`/capsules/${id}/history#correction`} className="text-accent underline">
                  Publish a correction
                </Link>
              </p>
            </Card>
          ) : openCase ? (
            <Card>
              <p className="text-stone-700" data-testid="dispute-already-open">
                Court case #{openCase.caseId} is already open on this article; a second case cannot be opened until it is decided.{" "}
                <Link href={`/court/${openCase.caseId}`} className="text-accent underline">
                  Read case #{openCase.caseId}
                </Link>
              </p>
            </Card>
          ) : (
            <Card title="Open a court case">
              <FormGate outletSlug={c.outletSlug}>
                {(canSubmit) => <DisputeForm capsuleId={id} evidence={read.evidence.filter((e) => e.active)} claims={read.claims} canSubmit={canSubmit} onOpened={setOpened} />}
              </FormGate>
            </Card>
          )}
          <Card title="Court cases on this article">
            <RefreshFailed what="The article’s cases" read={cases} className="mb-3" />
            {failedWithNothing(cases) ? (
              <ErrorNotice title="The article’s cases could not be loaded" error={cases.error} onRetry={() => void cases.refetch()} />
            ) : !cases.data ? (
              <Loading label="Loading the article’s cases" bars={["block h-12 w-full"]} />
            ) : cases.data.items.length === 0 ? (
              <p className="text-sm text-stone-600">No court case has been opened on this article.</p>
            ) : (
              <ul className="divide-y divide-stone-100 text-sm">
                {cases.data.items.map((item) => (
                  <li key={item.caseId} className="flex flex-wrap items-center gap-2 py-2">
                    <Link href={`/court/${item.caseId}`} className="inline-flex min-h-11 items-center font-medium text-accent underline">
                      Case #{item.caseId}
                    </Link>
                    <CaseStatusBadge status={item.status} />
                    {item.verdict ? <LabelChip label={item.verdict} /> : null}
                    <span className="text-xs text-stone-500">opened {formatTime(item.openedAt)}</span>
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </div>
        <div className="space-y-6">
          <Card title="Integrity label now">
            <IntegrityBadge label={c.integrityLabel} />
          </Card>
          <Card title="Who may dispute">
            <ul className="list-disc space-y-2 pl-5 text-sm text-stone-700">
              <li>
                Any wallet with a bond (CAP deposited on the <Link href="/bonds" className="text-accent underline">Bonds</Link> page, any amount) — no role at this
                outlet is needed, so readers and other newsrooms can challenge.
              </li>
              <li>Only finalized articles, one open case per article at a time; not by the wallet that submitted the article (it publishes a correction instead).</li>
              <li>While the case is open the article is labelled Contested and carries no ads.</li>
              <li>
                A jury of bonded Editors of other outlets, drawn on chain, decides: both sides add evidence, the jurors commit their findings in secret, then reveal
                them with public reasons; either side may fund an appeal. The challenger pays the jury’s fee when opening.
              </li>
              <li>The label becomes final after the appeal period. Misleading and fraudulent findings slash the outlet’s bond (25 or 100 CAP, burned) and lower its distribution tier.</li>
              <li>Cases decided before the jury court keep their findings; those still open when it came ended without a finding, and a jury case may be opened instead.</li>
            </ul>
          </Card>
          <Card title="Label history">
            <LabelHistory capsuleId={id} />
          </Card>
        </div>
      </div>
    </div>
  );
}

/** Tells the visitor whether they can open a case (signed in, bonded) and renders the form either way. */
/** What the no-bond note suggests depositing: any amount lets a wallet dispute. */
const DISPUTE_DEPOSIT_CAP = 10;

function FormGate({ outletSlug, children }: { outletSlug: string; children: (canSubmit: boolean) => ReactNode }) {
  const { wallet, status } = useSession();
  const roles = useOutletRoles(status === "signed-in" ? wallet : undefined, outletSlug);
  const bonded = roles.data ? BigInt(roles.data.bond.bonded) : undefined;
  let note: ReactNode;
  if (status !== "signed-in") {
    note = <span data-testid="dispute-signin-hint">Sign in with your wallet from the page header to open a case.</span>;
  } else if (roles.isError) {
    note = "Your bond could not be read right now; you can still send the dispute and the bridge will check it.";
  } else if (bonded === undefined) {
    note = "Reading your bond…";
  } else if (bonded === 0n) {
    note = (
      <span data-testid="dispute-no-bond">
        Your wallet has no bond yet; any amount lets you open a case.{" "}
        <Link href={`/bonds?deposit=${DISPUTE_DEPOSIT_CAP}`} className="font-semibold underline" data-testid="dispute-bond-link">
          Deposit {DISPUTE_DEPOSIT_CAP} CAP on the Bonds page
        </Link>{" "}
        and come back: what you typed here is kept.
      </span>
    );
  } else {
    note = <span data-testid="dispute-bond">Your bond of {formatCap(bonded)} lets you open a case.</span>;
  }
  const canSubmit = status === "signed-in" && bonded !== 0n;
  return (
    <div className="space-y-4">
      <p className={`rounded-md p-3 text-sm ${canSubmit && bonded !== undefined ? "bg-emerald-50 text-emerald-950" : "bg-stone-50 text-stone-700"}`}>{note}</p>
      {children(canSubmit)}
    </div>
  );
}

function OpenedCase({ answer }: { answer: Opened }) {
  return (
    <div role="status" className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-5 text-amber-950" data-testid="dispute-opened">
      <p className="text-lg font-semibold">Court case #{answer.case.caseId} is open.</p>
      <p className="text-sm">
        The article is now labelled <LabelChip label={answer.capsule.integrityLabel} testId="dispute-opened-label" /> until the jury’s findings are
        final. The evidence period has begun. {answer.capsule.distributionActive
          ? "Meanwhile it stays readable but carries no ads, and feeds and the front page rank it at half its weight."
          : "Meanwhile it stays readable but carries no ads."}
      </p>
      <p className="flex flex-wrap gap-4 text-sm">
        <Link href={`/court/${answer.case.caseId}`} className="font-semibold underline">
          Follow case #{answer.case.caseId}
        </Link>
        <Link href={`/read/${answer.case.capsuleId}`} className="underline">
          Reader’s view
        </Link>
      </p>
    </div>
  );
}
