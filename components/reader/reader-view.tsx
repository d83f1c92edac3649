import { creditName } from "@/features/capsules/credit-name";
import Link from "next/link";
import { Fragment } from "react";
import { pathOf } from "@/lib/api/request";
import { capsuleBadge } from "@/features/reader/badge.endpoint";
import { capsuleProof } from "@/features/reader/proof.endpoint";
import { vaultObject } from "@/features/vault/object.endpoint";
import type { TCapsuleResponse } from "@/features/capsules/capsules.schema";
import type { ReaderArticle } from "@/features/reader/reader-article";
import type { TLabelProof } from "@/features/reader/label-basis";
import { Island } from "@/components/reader/islands/island";
import { ArticleBody } from "./article-body";
import { ArticleClaims } from "./article-claims";
import { ContributorList, CreditName } from "./contributor-list";
import { CourtRecord, openCaseOf } from "./court-note";
import { IntegrityBadge } from "./integrity-badge";
import { integrityLabelInfo } from "@/features/capsules/integrity-labels";
import { CorrectionNotice } from "./correction-notice";
import { WhatChangedDetails } from "./what-changed";
import { EmbedSnippet } from "./embed-snippet";
import { RelatedList } from "./related-list";
import { ShareLinks } from "./share-links";
import { UtcTime } from "./utc-time";
import { EditorsVote } from "./editors-vote";
import { FeatureImage } from "./feature-image";
import { TrustedPublisherNote } from "./trusted-publisher";
import { languageTag } from "@/lib/schemas/language-tag";
import { FoldedSummary } from "@/components/ui/folded-summary";

// /read/:id — the reader's article, rendered on the server: integrity label with the court's finding,
// correction notices, body (Markdown to HTML here, never in the browser), contributors. Only the
// evidence check and the on-chain verification (with its copy button) run in the browser, as islands.
export function ReaderView({ article, registry, origin, label = null }: { article: ReaderArticle; registry: string | undefined; origin?: string; label?: TLabelProof | null }) {
  const { read } = article;
  const c = read.capsule;
  const isCurrent = article.currentId === c.id;
  // the page's own words are English (the document's lang); the article's title, standfirst and text are in its language
  const lang = languageTag(read.content.language);
  return (
    <article className="mx-auto max-w-2xl space-y-6">
      {!isCurrent ? <SupersededNote currentId={article.currentId} kind={article.currentType === "retraction" ? "retraction" : "correction"} /> : null}
      {isCurrent && article.underVote ? <CorrectionNotice underVote={article.underVote} /> : null}
      <header className="space-y-3">
        <p className="text-sm uppercase tracking-wide text-stone-500 [overflow-wrap:anywhere]" data-testid="reader-outlet">
          <Link href={`/outlets/${read.outlet.outletSlug}`} prefetch={false} className="hover:underline">
            <bdi data-testid="reader-outlet-name">{article.outletName}</bdi>
          </Link>
          {read.content.category ? (
            <>
              {" · "}
              <bdi>{read.content.category}</bdi>
            </>
          ) : null}
          {c.trustedPublisherAtSubmit ? <TrustedPublisherNote /> : null}
        </p>
        <h1 lang={lang} dir="auto" className="font-serif text-4xl font-bold leading-tight tracking-tight [overflow-wrap:anywhere]" data-testid="reader-title">
          {read.content.title || c.title}
        </h1>
        {read.content.subtitle ? (
          <p lang={lang} dir="auto" className="font-serif text-xl text-stone-600 [overflow-wrap:anywhere]" data-testid="reader-standfirst">
            {read.content.subtitle}
          </p>
        ) : null}
        <FeatureImage image={read.content.featureImage} />
        <p className="text-sm text-stone-600" data-testid="reader-byline">
          <BylineLinks contributors={read.contributors} />
          Finalized <UtcTime unixSeconds={c.finalizedAt} testId="reader-finalized-at" />
          {c.revisionNumber > 0 ? ` · revision ${c.revisionNumber}` : ""}
        </p>
        <IntegrityBadge label={c.integrityLabel} openCase={openCaseOf(article.courtRecord)} shownId={c.id} />
        <CourtRecord record={article.courtRecord} label={c.integrityLabel} />
        {read.revision.revisionReason ? (
          <p className="text-sm text-stone-700" data-testid="reader-revision-reason">
            <strong>{c.capsuleType === "retraction" ? "Retraction" : "Correction"}:</strong> <bdi>{read.revision.revisionReason}</bdi>
          </p>
        ) : null}
        {article.correctsClaims && article.correctsClaims.ordinals.length > 0 ? (
          <p className="text-sm text-stone-700" data-testid="reader-corrects-claims">
            This {c.capsuleType === "retraction" ? "retraction" : "correction"} corrects{" "}
            {article.correctsClaims.ordinals.map((n) => `claim ${n}`).join(", ")} of{" "}
            <Link href={`/read/${article.correctsClaims.capsuleId}#claims-heading`} prefetch={false} className="underline">
              revision {article.correctsClaims.revisionNumber}
            </Link>
            .
          </p>
        ) : null}
      </header>
      {article.whatChanged ? <WhatChangedDetails whatChanged={article.whatChanged} capsuleId={c.id} kind={c.capsuleType} /> : null}
      <ArticleBody source={read.content.body} claims={read.claims} lang={lang} />
      <ArticleClaims article={article} />
      {read.content.tags.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label="Tags">
          {read.content.tags.map((tag) => (
            <li key={tag} className="max-w-full rounded-full bg-stone-100 px-3 py-1 text-xs text-stone-700 [overflow-wrap:anywhere]">
              <bdi>{tag}</bdi>
            </li>
          ))}
        </ul>
      ) : null}
      <RelatedList items={article.related ?? []} />
      <section aria-labelledby="contributors-heading" className="space-y-2 border-t border-stone-200 pt-6" data-testid="reader-contributors">
        <h2 id="contributors-heading" className="text-lg font-semibold">
          Contributors
        </h2>
        <ContributorList items={read.contributors} />
      </section>
      <EditorsVote capsuleId={c.id} votes={article.votes} />
      <section aria-labelledby="evidence-heading" className="space-y-3 border-t border-stone-200 pt-6">
        <h2 id="evidence-heading" className="text-lg font-semibold">
          Evidence
        </h2>
        {article.unservedManifestHash ? (
          <p className="rounded bg-red-50 px-2 py-1 text-sm text-red-900 [overflow-wrap:anywhere]" data-testid="evidence-manifest-unserved">
            This site cannot serve the manifest the registry committed for this version ({article.unservedManifestHash}): which of these files the editors voted on, and
            which were added after publication, cannot be told apart here.
          </p>
        ) : null}
        <Island name="evidence" props={{ items: votedEvidence(article) }} />
      </section>
      {laterEvidence(article).length > 0 ? (
        <section aria-labelledby="later-evidence-heading" className="space-y-3 border-t border-stone-200 pt-6" data-testid="reader-later-evidence">
          <h2 id="later-evidence-heading" className="text-lg font-semibold">
            Added after publication
          </h2>
          <p className="text-sm text-stone-600">Added after publication, not part of the voted manifest: the editors did not vote on these files.</p>
          <Island name="evidence" props={{ items: laterEvidence(article) }} />
        </section>
      ) : null}
      <Island
        name="finalization"
        props={{ capsuleId: c.id, txHash: c.finalizeTxHash, finalizedAt: c.finalizedAt, articleId: c.finalizedArticleId, contentHash: c.contentHash, body: read.content.body, registry, outletSlug: c.outletSlug, submitter: c.submitter, parentCapsuleId: c.parentCapsuleId, manifest: manifestProps(article), shownLabel: c.integrityLabel, label, currentId: article.currentId }}
      />
      {origin ? <ShareLinks url={`${origin}/read/${c.id}`} title={read.content.title || c.title} /> : null}
      <section aria-labelledby="embed-heading" className="space-y-2 border-t border-stone-200 pt-6 text-sm" data-testid="reader-embed">
        <h2 id="embed-heading" className="text-lg font-semibold">
          Label badge and proof
        </h2>
        <p>
          <a href={`/read/${c.id}#chain-heading`} className="inline-flex min-h-11 items-center" data-testid="badge-link">
            {/* eslint-disable-next-line @next/next/no-img-element -- an SVG served by the bridge, the same one outlets embed */}
            <img src={pathOf(capsuleBadge, { id: c.id })} alt={`Capsule badge: integrity label “${integrityLabelInfo(c.integrityLabel).title}”`} height={20} data-testid="badge-img" />
          </a>
        </p>
        <p className="text-stone-600">
          Outlets can show this label on their own site: the badge above, or{" "}
          <a href={`/embed/${c.id}`} className="text-accent underline">
            the embeddable page
          </a>{" "}
          in an iframe. The label on their site changes when the article’s label changes.
        </p>
        {origin ? <EmbedSnippet origin={origin} capsuleId={c.id} badgePath={pathOf(capsuleBadge, { id: c.id })} title={read.content.title || c.title} /> : null}
        <details className="text-stone-600" data-testid="proof-details">
          <FoldedSummary className="text-stone-800">Check this article yourself (technical)</FoldedSummary>
          <p>
            Everything needed to check the article against any node is in{" "}
            <a href={pathOf(capsuleProof, { id: c.id })} className="text-accent underline" data-testid="proof-link">
              its proof
            </a>
            . With a copy of Capsule’s source, run <code className="rounded bg-stone-100 px-1 font-mono text-xs break-all">npm run verify -- {c.id} --rpc &lt;your node&gt;</code>.
          </p>
          <p className="mt-2" data-testid="proof-label-note">
            It checks the integrity label too: that the jury court’s record on chain (the case opened, or its final finding), or the author’s correction or
            retraction, gives this label, and that no later case changed it.
          </p>
        </details>
      </section>
      <nav aria-label="About this article" className="flex flex-wrap gap-x-4 gap-y-2 border-t border-stone-200 pt-6 text-sm">
        <Link href={`/read/${c.id}/history`} prefetch={false} className="inline-flex min-h-11 items-center text-accent underline">
          Revision history
        </Link>
        {isCurrent ? (
          <Link href={`/capsules/${c.id}/dispute`} prefetch={false} className="inline-flex min-h-11 items-center text-accent underline">
            Open a dispute
          </Link>
        ) : null}
      </nav>
    </article>
  );
}

const manifestProps = (article: ReaderArticle) =>
  article.manifest
    ? { manifestHash: article.manifest.manifestHash, evidenceRoot: article.manifest.evidenceRoot, manifestUrl: article.manifest.manifestUrl, evidence: article.manifest.proofs, vaultObjectPath: pathOf(vaultObject, { objectId: "" }) }
    : null;

const laterEvidence = (article: ReaderArticle) => {
  const later = new Set(article.manifest?.later ?? []);
  return article.read.evidence.filter((e) => e.active && later.has(e.evidenceId));
};
const votedEvidence = (article: ReaderArticle) => {
  const later = new Set(article.manifest?.later ?? []);
  return article.read.evidence.filter((e) => e.active && !later.has(e.evidenceId));
};

/** "By A, B · " with each name linking to the contributor's page. */
function BylineLinks({ contributors }: { contributors: TCapsuleResponse["contributors"] }) {
  const people = contributors.filter((person) => person.active);
  if (people.length === 0) return null;
  return (
    <>
      By{" "}
      {people.map((person, i) => (
        <Fragment key={person.contributorId}>
          {i > 0 ? ", " : ""}
          <Link href={`/authors/${person.wallet}`} prefetch={false} className="underline [overflow-wrap:anywhere]" data-testid="byline-author">
            <CreditName person={person} />
          </Link>
        </Fragment>
      ))}
      {" · "}
    </>
  );
}

export function byline(contributors: TCapsuleResponse["contributors"]): string {
  const names = bylineNames(contributors);
  return names.length > 0 ? `By ${names.join(", ")} · ` : "";
}

export const bylineNames = (contributors: TCapsuleResponse["contributors"]): string[] => contributors.filter((person) => person.active).map(creditName);

/** An older version: says what replaced it and links to the current text. */
function SupersededNote({ currentId, kind }: { currentId: string; kind: string }) {
  return (
    <div role="note" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950" data-testid="superseded-note">
      This version has been superseded by a {kind}.{" "}
      <Link href={`/read/${currentId}`} className="font-semibold underline">
        Read the current version
      </Link>
      .
    </div>
  );
}
