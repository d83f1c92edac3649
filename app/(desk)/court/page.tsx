import type { Metadata } from "next";
import Link from "next/link";
import { CaseList } from "@/components/court/case-list";
import type { CaseOutcomeFilter, CasePeriodFilter, CaseStatusFilter } from "@/components/court/use-court";
import { ZSlug } from "@/features/outlets/outlets.schema";
import { juryPeriods } from "@/features/court/jury.schema";
import { verdicts } from "@/features/court/court.schema";

export const metadata: Metadata = { title: "Court" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? "";

export default async function CourtPage({ searchParams }: Props) {
  const params = await searchParams;
  const status = first(params.status);
  const initialStatus: CaseStatusFilter = status === "open" || status === "closed" ? status : "all";
  const outlet = first(params.outlet);
  const period = first(params.period);
  const outcome = first(params.outcome);
  const initialPeriod: CasePeriodFilter = (juryPeriods as readonly string[]).includes(period) ? (period as CasePeriodFilter) : "";
  const initialOutcome: CaseOutcomeFilter = (verdicts as readonly string[]).includes(outcome) ? (outcome as CaseOutcomeFilter) : "";
  return (
    <div className="space-y-6">
      <div>
        <h1 className="font-serif text-3xl font-bold tracking-tight">Integrity court</h1>
        <p className="mt-2 max-w-3xl text-stone-600">
          Anyone with a bond can challenge a finalized article. While the case runs the article is labelled <strong>Contested</strong>; a jury of
          Editors from other outlets decides which label it keeps.
        </p>
        {/* the whole explanation one click away: on a phone it would push the cases off the first screen */}
        <details className="mt-2 max-w-3xl text-stone-600">
          <summary className="inline-flex min-h-11 cursor-pointer items-center font-medium text-accent underline">How a court case runs</summary>
          <p className="mt-1">
            A challenge names the article’s claims, one of its evidence items, or the article as a whole. A jury of bonded Editors of other outlets,
            drawn on chain, hears evidence from both sides, commits its findings in secret and then reveals them with public reasons; either side may
            fund an appeal. After the appeal period the findings become the article’s label. Misleading and fraudulent findings also slash the
            outlet’s bond into the <Link href="/burn" className="text-accent underline">burn pool</Link> and lower its{" "}
            <Link href="/distribution" className="text-accent underline">distribution tier</Link>. Cases decided before the jury court keep their
            findings; those still open when it came ended without a finding, and a jury case may be opened on the article.
          </p>
        </details>
        <p className="mt-3">
          <Link href="/court/juror" className="inline-flex min-h-11 items-center font-semibold text-accent underline" data-testid="court-juror-link">
            My jury duty: the cases you were drawn for
          </Link>
        </p>
      </div>
      <CaseList initial={{ status: initialStatus, outlet: ZSlug.safeParse(outlet).success ? outlet : "", period: initialPeriod, outcome: initialOutcome }} />
    </div>
  );
}
