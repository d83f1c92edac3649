import Link from "next/link";
import { integrityLabelInfo } from "@/features/capsules/integrity-labels";
import { CLERK_CASE_RETIRED } from "@/features/court/clerk-retirement";
import type { ReaderCourtCase } from "@/features/reader/reader-article";
import { UtcTime } from "./utc-time";
import { stopAfter } from "@/components/ui/quotation";
import { QuotedText } from "@/components/ui/quoted-text";

/**
 * The article's court record, on every version whatever its label now: each decided case with its
 * verdict and one-line finding, each linked to the case. A correction accepted after a Misleading ruling
 * changes the label to Corrected; the finding stays here for ever. The open case, if any, is told in the
 * integrity badge above (`openCaseOf`), not a second time here.
 */
export function CourtRecord({ record, label }: { record: ReaderCourtCase[]; label: string }) {
  const decided = record.filter((c) => c.status === "closed");
  if (decided.length === 0) return null;
  return (
    <div role="note" aria-label="Court record" className="space-y-2 rounded-md border border-stone-300 bg-stone-50 p-3 text-sm text-stone-800 [overflow-wrap:anywhere]" data-testid="reader-court-note">
      {decided.map((c, index) => (
        <div key={c.caseId} className="space-y-1" data-testid="reader-decided-case">
          {c.passage && c.verdict ? (
            <p className="[overflow-wrap:anywhere]" data-testid="reader-case-passage">
              <Passage text={c.passage} verb="The case challenged" />
            </p>
          ) : null}
          {c.finding ? (
            <p data-testid={index === 0 ? "reader-finding" : "reader-earlier-finding"}>
              <strong>The court found:</strong> <bdi>{c.finding}</bdi>
            </p>
          ) : null}
          {c.verdict ? (
            <p>
              {verdictWords(c, label)}Decided <UtcTime unixSeconds={c.closedAt} /> in{" "}
              <Link href={`/court/${c.caseId}`} prefetch={false} className="text-accent underline">
                court case #{c.caseId}
              </Link>
              .
            </p>
          ) : (
            <p data-testid="reader-retired-case">
              <Link href={`/court/${c.caseId}`} prefetch={false} className="text-accent underline">
                Court case #{c.caseId}
              </Link>
              , closed <UtcTime unixSeconds={c.closedAt} />: {c.rationale?.startsWith("Ended without a finding") ? c.rationale : CLERK_CASE_RETIRED}
            </p>
          )}
        </div>
      ))}
    </div>
  );
}

/** The chain's open court case (at most one runs at a time), told by the integrity badge. */
export const openCaseOf = (record: ReaderCourtCase[]): ReaderCourtCase | null => record.find((c) => c.status === "open") ?? null;

/** "Ruled Misleading. " where the label shown no longer says it (a later correction, or an earlier case). */
function verdictWords(c: ReaderCourtCase, label: string): string {
  if (!c.verdict || c.verdict === label) return "";
  return `Ruled ${integrityLabelInfo(c.verdict).title}${label === "corrected" || label === "retracted_by_author" ? " before the article was " + (label === "corrected" ? "corrected" : "retracted") : ""}. `;
}

/** " It challenges the passage “…”." — the sentence a case named, so a label says what it is about. */
function Passage({ text, verb }: { text: string; verb: string }) {
  return (
    <>
      {" "}
      {verb} the passage <span className="font-serif italic">
        <QuotedText text={text} />
      </span>
      {stopAfter(text)}
    </>
  );
}
