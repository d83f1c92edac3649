"use client";

import { BackToCases } from "./back-to-cases";
import Link from "next/link";
import { useEffect, useState, type ReactNode } from "react";
import type { TCourtCaseSummary } from "@/features/court/court.schema";
import { keptBallot } from "@/features/court/jury-salt";
import { useCases } from "@/components/court/use-court";
import { useSession } from "@/components/wallet/use-session";
import { Card } from "@/components/ui/card";
import { ErrorNotice } from "@/components/ui/error-notice";
import { Loading } from "@/components/ui/skeleton";
import { Pager } from "@/components/ui/pager";
import { CaseRowHeading, CaseSubject } from "./case-badges";
import { Deadline, lastEventTime } from "./deadline";
import { periodWords } from "./court-format";
import { byUrgency, jurorDuty } from "@/features/court/juror-duty";
import { failedWithNothing, RefreshFailed } from "@/components/ui/refresh-failed";

const PAGE_SIZE = 20;

// /court/juror — the jury cases the signed-in wallet was drawn for, the most urgent first, each with what
// it must do next and by when (local time with zone, counted down in chain time).
export function JurorPage() {
  const { wallet, status, settled } = useSession();
  // a reload reconnects the wallet and restores its session: until then the page does not know whose duty to show
  const connecting = !settled || status === "connecting" || status === "signing-in";
  const [page, setPage] = useState(1);
  const cases = useCases({ status: "all", outlet: "", page, limit: PAGE_SIZE, juror: status === "signed-in" && wallet ? wallet : "" });

  return (
    <div className="space-y-6">
      <div>
        <BackToCases />
        <h1 className="mt-2 font-serif text-3xl font-bold tracking-tight">My jury duty</h1>
        <p className="mt-2 max-w-3xl text-stone-600">
          Bonded Editors are drawn on chain to sit on juries of other outlets’ articles. When you are drawn, commit your findings in secret during the commit
          period, then reveal them with your public reasons during the reveal period. A juror who does not reveal loses 5 % of their bond.
        </p>
      </div>
      {status === "signed-in" && wallet ? <RefreshFailed what="Your jury cases" read={cases} /> : null}
      {connecting ? (
        <Loading label="Connecting to your wallet" bars={["block h-24 w-full"]} />
      ) : status !== "signed-in" || !wallet ? (
        <Card>
          <p className="text-sm text-stone-700" data-testid="juror-signin-hint">
            Sign in with your wallet from the page header to see the cases you were drawn for.
          </p>
        </Card>
      ) : failedWithNothing(cases) ? (
        <ErrorNotice title="Your jury cases could not be loaded" error={cases.error} onRetry={() => void cases.refetch()} />
      ) : !cases.data ? (
        <Loading label="Loading your jury cases" bars={["block h-40 w-full"]} />
      ) : cases.data.items.length === 0 ? (
        <Card>
          <p className="text-sm text-stone-700" data-testid="juror-empty">
            You have not been drawn for any jury yet. When you are, the case appears here and in your{" "}
            <Link href="/inbox" className="text-accent underline">
              inbox
            </Link>
            .
          </p>
        </Card>
      ) : (
        <section aria-labelledby="juror-cases-title" className="rounded-lg border border-stone-200 bg-white shadow-sm">
          <h2 id="juror-cases-title" className="border-b border-stone-100 p-4 text-sm font-semibold uppercase tracking-wide text-stone-500">
            Cases you were drawn for ({cases.data.total})
          </h2>
          <ul className="divide-y divide-stone-100" data-testid="juror-cases">
            {byUrgency(cases.data.items, wallet).map((item) => (
              <JurorCaseRow key={item.caseId} item={item} wallet={wallet} />
            ))}
          </ul>
          <Pager label="Jury case pages" page={cases.data.page} limit={cases.data.limit} total={cases.data.total} hasMore={cases.data.hasMore} onPage={setPage} />
        </section>
      )}
    </div>
  );
}

function JurorCaseRow({ item, wallet }: { item: TCourtCaseSummary; wallet: string }) {
  const duty = jurorDuty(item, wallet);
  const seen = lastEventTime(item);
  const round = item.round ?? 0;
  // whether this browser still holds the salt of a commitment (read after mounting: localStorage)
  const [saltKept, setSaltKept] = useState<boolean | undefined>();
  const [savedToFile, setSavedToFile] = useState(false);
  useEffect(() => {
    if (!item.juryCaseId) return;
    const kept = keptBallot(item.juryCaseId, round, wallet);
    setSaltKept(Boolean(kept));
    setSavedToFile(Boolean(kept?.savedToFile));
  }, [item.juryCaseId, round, wallet]);
  let next: ReactNode;
  switch (duty.kind) {
    case "commit":
      next = (
        <>
          <strong>Commit your findings by</strong> <Deadline endsAt={duty.by} testId="juror-countdown" chainTimeSeen={seen} />
        </>
      );
      break;
    case "reveal":
      next = (
        <>
          <strong>Reveal your findings by</strong> <Deadline endsAt={duty.by} testId="juror-countdown" chainTimeSeen={seen} />
          {saltKept === false ? <span className="block text-red-800">This browser does not hold your salt: open the case in the browser you committed from, or load your saved file there.</span> : null}
        </>
      );
      break;
    case "wait-reveal":
      next = (
        <>
          Committed. Reveal when the reveal period opens, after the commit period ends: <Deadline endsAt={duty.from} testId="juror-countdown" chainTimeSeen={seen} />
          {saltKept && savedToFile ? <span className="block text-stone-600">Your salt is kept in this browser; keep the file you downloaded too.</span> : null}
          {saltKept && !savedToFile ? (
            <span className="block text-amber-900" data-testid="juror-salt-unsaved">
              Your salt is kept in this browser only, and you have not saved it to a file: without it you cannot reveal.{" "}
              <Link href={`/court/${item.caseId}#your-findings`} className="text-accent underline">
                Save it from the case page
              </Link>
              .
            </span>
          ) : null}
        </>
      );
      break;
    case "wait-commit":
      next = (
        <>
          You were drawn. The commit period opens when the evidence period ends: <Deadline endsAt={duty.from} testId="juror-countdown" chainTimeSeen={seen} />
        </>
      );
      break;
    case "missed":
      next = duty.what === "commit" ? "You did not commit in time, so you cannot reveal in this round." : "You committed but did not reveal in time.";
      break;
    default:
      next = "Nothing to do: you revealed your findings.";
  }
  const urgent = duty.kind === "commit" || duty.kind === "reveal";
  return (
    <li className="space-y-1.5 p-4" data-testid="juror-case" data-duty={duty.kind}>
      <CaseRowHeading item={item} />
      <p className="text-xs text-stone-500 [overflow-wrap:anywhere]">
        <CaseSubject item={item} /> · round {round + 1} · {item.period ? `${periodWords[item.period]} period` : "period not known"}
      </p>
      <p className={`text-sm [overflow-wrap:anywhere] ${urgent ? "rounded-md bg-amber-50 p-2 text-amber-950" : "text-stone-700"}`} data-testid="juror-next">
        {next}
      </p>
      {urgent ? (
        <Link href={`/court/${item.caseId}#your-findings`} className="inline-flex min-h-11 items-center text-sm font-semibold text-accent underline">
          {duty.kind === "commit" ? "Commit on the case page" : "Reveal on the case page"}
        </Link>
      ) : null}
    </li>
  );
}
