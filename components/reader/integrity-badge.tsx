import Link from "next/link";
import { integrityLabelInfo } from "@/features/capsules/integrity-labels";
import type { ReaderCourtCase } from "@/features/reader/reader-article";
import { stopAfter } from "@/components/ui/quotation";
import { QuotedText } from "@/components/ui/quoted-text";
import { UtcTime } from "./utc-time";

/**
 * The integrity label as a badge: colour, symbol AND words, with its one-sentence explanation. While a
 * court case is open the badge says what that case is about and links to it: in place of the generic
 * explanation when the label is `contested` (one element, so the reader is not told "a dispute is open"
 * twice; the court record below keeps the decided cases only), after it when a correction finalized during
 * the case changed the label. A passage challenged in another version than `shownId` is said to be so: a
 * correction may have changed or removed it.
 */
export function IntegrityBadge({ label, openCase, shownId }: { label: string | null | undefined; openCase?: ReaderCourtCase | null; shownId?: string }) {
  const info = integrityLabelInfo(label);
  const elsewhere = Boolean(openCase && shownId !== undefined && openCase.capsuleId !== shownId);
  return (
    <div className={`inline-flex max-w-xl flex-col gap-0.5 rounded-md border px-3 py-2 ${info.className}`} data-testid="integrity-label" data-label={info.key}>
      <span className="text-sm font-bold">
        <span aria-hidden="true" className="mr-1.5">
          {info.symbol}
        </span>
        Integrity: {info.title}
      </span>
      {openCase && info.key !== "contested" ? (
        <span className="text-xs" data-testid="integrity-explanation">
          {info.explanation}
        </span>
      ) : null}
      {openCase ? (
        <span className="text-xs [overflow-wrap:anywhere]" data-testid="reader-open-case">
          <Link href={`/court/${openCase.caseId}`} prefetch={false} className="font-semibold underline">
            Court case #{openCase.caseId}
          </Link>{" "}
          has been open since <UtcTime unixSeconds={openCase.openedAt} />; the court has not ruled yet.
          {openCase.passage ? (
            <>
              {" "}
              It challenges the passage{elsewhere ? " of another version" : ""} <span className="font-serif italic">
                <QuotedText text={openCase.passage} />
              </span>
              {stopAfter(openCase.passage)}
            </>
          ) : null}
        </span>
      ) : null}
      {openCase ? (
        <OpenCaseGrounds openCase={openCase} />
      ) : (
        <span className="text-xs" data-testid="integrity-explanation">
          {info.explanation}
        </span>
      )}
    </div>
  );
}

/**
 * What the open case contests, in the challenger's words and briefly (the grounds cut at a word past
 * BRIEF_GROUNDS_CHARS, the rest linked), so a reader need not leave the article to know what is disputed.
 */
function OpenCaseGrounds({ openCase }: { openCase: ReaderCourtCase }) {
  return (
    <span className="text-xs [overflow-wrap:anywhere]" data-testid="reader-open-case-grounds">
      {openCase.grounds === null ? (
        "Its challenger filed no grounds: the jury decides on the disputed claims alone."
      ) : (
        <>
          <span className="font-semibold">The challenger’s grounds:</span> <QuotedText text={openCase.grounds} />
          {openCase.groundsCut ? (
            <>
              {" "}
              <Link href={`/court/${openCase.caseId}`} prefetch={false} className="underline">
                Read the full grounds
              </Link>
            </>
          ) : null}
        </>
      )}
    </span>
  );
}
