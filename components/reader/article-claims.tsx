import Link from "next/link";
import type { TCapsuleResponse } from "@/features/capsules/capsules.schema";
import type { ReaderArticle } from "@/features/reader/reader-article";
import { claimMarkId, claimNoteId } from "@/lib/markdown/claim-marks";
import { linkableUri } from "@/lib/schemas/uri-kind";
import { articlePlainText } from "@/lib/markdown/plain-text";
import { QuotedText } from "@/components/ui/quoted-text";
import { claimTypeName } from "@/components/ui/claim-type-labels";

// The claims of /read/:id as footnotes (issue 27 items 4 and 7): each with its quote, the evidence that
// supports it, the court's finding once there is one, and the later corrections that name it. Plain
// server-rendered links both ways (marker ↔ note), so it works without JavaScript and from the keyboard.

type Claim = TCapsuleResponse["claims"][number];
type Evidence = TCapsuleResponse["evidence"][number];

export function ArticleClaims({ article }: { article: ReaderArticle }) {
  const { read } = article;
  if (read.claims.length === 0) return null;
  const evidence = new Map(read.evidence.map((e) => [e.evidenceId, e]));
  const later = new Set(article.manifest?.later ?? []);
  return (
    <section aria-labelledby="claims-heading" className="space-y-3 border-t border-stone-200 pt-6" data-testid="reader-claims">
      <h2 id="claims-heading" className="text-lg font-semibold">
        Claims in this article
      </h2>
      <p className="text-sm text-stone-600">
        The statements the editors voted on, marked in the text with a number. {article.manifest ? "Each lists the evidence committed with it on chain." : ""}
      </p>
      <ol className="space-y-3">
        {read.claims.map((claim) => (
          <ClaimNote
            key={claim.claimId}
            claim={claim}
            evidence={claim.evidenceIds.flatMap((id) => (evidence.has(id) && !later.has(id) ? [evidence.get(id)!] : []))}
            corrections={article.claimCorrections.filter((c) => c.claimId === claim.claimId)}
          />
        ))}
      </ol>
    </section>
  );
}

function ClaimNote({ claim, evidence, corrections }: { claim: Claim; evidence: Evidence[]; corrections: ReaderArticle["claimCorrections"] }) {
  return (
    <li id={claimNoteId(claim.ordinal)} className="scroll-mt-24 rounded-md border border-stone-200 bg-white p-3 text-sm [overflow-wrap:anywhere]" data-testid="reader-claim">
      <p className="flex flex-wrap items-baseline gap-x-2">
        <span className="font-semibold">Claim {claim.ordinal}</span>
        <span className="text-xs uppercase tracking-wide text-stone-500">{claimTypeName(claim.claimType)}</span>
      </p>
      <blockquote className="mt-1 border-l-4 border-amber-300 pl-3 font-serif text-base text-stone-800" data-testid="reader-claim-quote">
        <QuotedText text={articlePlainText(claim.exact) || claim.exact} />
      </blockquote>
      {claim.note ? <p className="mt-1 text-stone-600">Note: <bdi>{claim.note}</bdi></p> : null}
      {claim.label ? (
        <p className="mt-2 rounded bg-stone-100 px-2 py-1" data-testid="reader-claim-finding">
          <strong>Court finding: {claim.label}</strong>
          {claim.verdict && claim.verdict !== claim.label ? (
            <>
              {" — "}
              <bdi>{claim.verdict}</bdi>
            </>
          ) : null}
        </p>
      ) : null}
      {corrections.map((c) => (
        <p key={c.capsuleId} className="mt-2 rounded bg-amber-50 px-2 py-1 text-amber-950" data-testid="reader-claim-corrected">
          Claim {c.ordinal} {c.capsuleType === "retraction" ? "retracted" : "corrected"} in{" "}
          <Link href={`/read/${c.capsuleId}`} prefetch={false} className="font-semibold underline">
            revision {c.revisionNumber}
          </Link>
        </p>
      ))}
      <div className="mt-2">
        <p className="text-stone-500">{evidence.length === 0 ? "No evidence supports this claim in the voted manifest." : "Evidence:"}</p>
        {evidence.length > 0 ? (
          <ul className="mt-1 list-disc space-y-1 pl-5" data-testid="reader-claim-evidence">
            {evidence.map((e) => (
              <li key={e.evidenceId}>
                <EvidenceName item={e} />
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <a href={`#${claimMarkId(claim.ordinal)}`} className="mt-1 inline-flex min-h-11 items-center text-accent underline" aria-label={`Back to claim ${claim.ordinal} in the text`}>
        ↩ Back to the text
      </a>
    </li>
  );
}

function EvidenceName({ item }: { item: Evidence }) {
  const href = linkableUri(item.uri);
  // the title in its own isolate, so a right-to-left title or a control in it cannot move "(primary)"
  const label = (
    <>
      <bdi data-testid="reader-claim-evidence-title">{item.label}</bdi>
      {item.isPrimary ? " (primary)" : ""}
    </>
  );
  return href ? (
    <a href={href} rel="noopener noreferrer nofollow" className="text-accent underline">
      {label}
    </a>
  ) : (
    <span>{label}</span>
  );
}
