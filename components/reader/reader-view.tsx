"use client";

import Link from "next/link";
import { ApiError } from "@/lib/api/api-client";
import type { TCapsuleResponse } from "@/lib/schemas/capsules";
import { useCapsule } from "@/hooks/use-capsules";
import { MarkdownView } from "@/components/markdown/markdown-view";
import { ErrorNotice } from "@/components/ui/error-notice";
import { Skeleton } from "@/components/ui/skeleton";
import { formatTime, shortHex } from "@/components/capsules/capsule-format";
import { useOutlet } from "@/hooks/use-outlets";
import { ContributorList } from "./contributor-list";
import { CourtNote, isCourtLabel } from "./court-note";
import { EvidenceList } from "./evidence-list";
import { FinalizationRecord } from "./finalization-record";
import { IntegrityBadge } from "./integrity-badge";

// /read/:id — the reader's article: integrity label, body, contributors, verifiable evidence, and
// where the finalization is recorded on chain.
export function ReaderView({ id }: { id: string }) {
  const capsule = useCapsule(id);
  if (capsule.isError) {
    if (capsule.error instanceof ApiError && (capsule.error.status === 404 || capsule.error.status === 400)) {
      return (
        <article className="mx-auto max-w-2xl space-y-3">
          <h1 className="font-serif text-3xl font-bold">Article not found</h1>
          <p className="text-stone-600">There is no article #{id}.</p>
        </article>
      );
    }
    return <ErrorNotice title="The article could not be loaded" error={capsule.error} onRetry={() => void capsule.refetch()} />;
  }
  const read = capsule.data;
  if (!read) {
    return (
      <div className="mx-auto max-w-2xl space-y-4" aria-busy="true" aria-label="Loading article">
        <Skeleton className="block h-12 w-full" />
        <Skeleton className="block h-6 w-1/2" />
        <Skeleton className="block h-64 w-full" />
      </div>
    );
  }
  const c = read.capsule;
  if (c.status !== "finalized" && c.status !== "superseded") {
    return (
      <article className="mx-auto max-w-2xl space-y-3">
        <h1 className="font-serif text-3xl font-bold">{c.title}</h1>
        <p className="text-stone-700" data-testid="not-published">
          This capsule is not published: {c.status === "pending" ? "the editors are still voting on it" : c.status === "rejected" ? "the editors rejected it" : "it is still a draft"}. Readers see
          an article only once it is finalized on chain. <Link href={`/capsules/${id}`} className="text-accent underline">See its status</Link>.
        </p>
      </article>
    );
  }
  const current = read.revision.currentCapsuleId;
  return (
    <article className="mx-auto max-w-2xl space-y-6">
      {c.status === "superseded" || current !== c.id ? <SupersededNote currentId={current} /> : null}
      <header className="space-y-3">
        <p className="text-sm uppercase tracking-wide text-stone-500" data-testid="reader-outlet">
          <OutletName slug={read.outlet.outletSlug} />
          {read.content.category ? ` · ${read.content.category}` : ""}
        </p>
        <h1 className="font-serif text-4xl font-bold leading-tight tracking-tight" data-testid="reader-title">
          {read.content.title || c.title}
        </h1>
        {read.content.subtitle ? <p className="font-serif text-xl text-stone-600">{read.content.subtitle}</p> : null}
        <p className="text-sm text-stone-600">
          {byline(read.contributors)}
          Finalized {formatTime(c.finalizedAt)}
          {c.revisionNumber > 0 ? ` · revision ${c.revisionNumber}` : ""}
        </p>
        <IntegrityBadge label={c.integrityLabel} />
        {isCourtLabel(c.integrityLabel) ? <CourtNote capsuleId={c.id} /> : null}
        {read.revision.revisionReason ? (
          <p className="text-sm text-stone-700" data-testid="reader-revision-reason">
            <strong>{c.capsuleType === "retraction" ? "Retraction" : "Correction"}:</strong> {read.revision.revisionReason}
          </p>
        ) : null}
      </header>
      <MarkdownView source={read.content.body} className="font-serif text-lg" testId="reader-body" />
      {read.content.tags.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label="Tags">
          {read.content.tags.map((tag) => (
            <li key={tag} className="rounded-full bg-stone-100 px-3 py-1 text-xs text-stone-700">
              {tag}
            </li>
          ))}
        </ul>
      ) : null}
      <section aria-labelledby="contributors-heading" className="space-y-2 border-t border-stone-200 pt-6" data-testid="reader-contributors">
        <h2 id="contributors-heading" className="text-lg font-semibold">
          Contributors
        </h2>
        <ContributorList items={read.contributors} />
      </section>
      <section aria-labelledby="evidence-heading" className="space-y-3 border-t border-stone-200 pt-6">
        <h2 id="evidence-heading" className="text-lg font-semibold">
          Evidence
        </h2>
        <EvidenceList items={read.evidence.filter((e) => e.active)} />
      </section>
      <FinalizationRecord capsuleId={c.id} txHash={c.finalizeTxHash} finalizedAt={c.finalizedAt} articleId={c.finalizedArticleId} contentHash={c.contentHash} body={read.content.body} />
      <nav aria-label="About this article" className="flex flex-wrap gap-x-4 gap-y-2 border-t border-stone-200 pt-6 text-sm">
        <Link href={`/capsules/${id}/history`} className="text-accent underline">
          Revision history
        </Link>
        <Link href={`/capsules/${id}`} className="text-accent underline">
          How the editors voted
        </Link>
        {c.status === "finalized" ? (
          <Link href={`/capsules/${id}/dispute`} prefetch={false} className="text-accent underline">
            Open a dispute
          </Link>
        ) : null}
      </nav>
    </article>
  );
}

function byline(contributors: TCapsuleResponse["contributors"]): string {
  const names = contributors
    .filter((person) => person.active)
    .map((person) => (person.displayName && person.displayName.toLowerCase() !== person.wallet.toLowerCase() ? person.displayName : shortHex(person.wallet)));
  return names.length > 0 ? `By ${names.join(", ")} · ` : "";
}

function OutletName({ slug }: { slug: string }) {
  const outlet = useOutlet(slug);
  return (
    <Link href={`/outlets/${slug}`} className="hover:underline">
      {outlet.data?.outlet.name ?? slug}
    </Link>
  );
}

/** An older version: says what replaced it (finalized correction, or one still being voted on) and links there. */
function SupersededNote({ currentId }: { currentId: string }) {
  const current = useCapsule(currentId);
  const status = current.data?.capsule.status;
  const kind = current.data?.capsule.capsuleType === "retraction" ? "retraction" : "correction";
  return (
    <div role="note" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950" data-testid="superseded-note">
      {status === "pending" ? (
        <>
          This version has been superseded: a {kind} was submitted and the editors are voting on it.{" "}
          <Link href={`/capsules/${currentId}`} className="font-semibold underline">
            Follow the vote on the {kind}
          </Link>
          .
        </>
      ) : (
        <>
          This version has been superseded by a {kind}.{" "}
          <Link href={`/read/${currentId}`} className="font-semibold underline">
            Read the current version
          </Link>
          .
        </>
      )}
    </div>
  );
}
