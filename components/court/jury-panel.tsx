"use client";

import { FullAddress } from "@/components/ui/full-address";
import { useEffect, useState, type ReactNode } from "react";
import { useSignTypedData } from "wagmi";
import { formatEther, type Address } from "viem";
import { UnknownClaims } from "./unknown-claims";
import { nameOfClaim } from "./article-numbers";
import type { TCourtCase } from "@/features/court/court.schema";
import type { TClaimObject } from "@/features/capsules/claims.schema";
import { findingNames, MAX_REASON_BYTES, utf8Bytes } from "@/features/court/jury.schema";
import { CAPSULE_CHAIN_ID } from "@/lib/chain/chain";
import { bidiControlProblem } from "@/lib/schemas/plain-text";
import { FINDING, juryCommitment, juryCommitTypedData, juryRevealTypedData } from "@/lib/chain/jury-ballots";
import { ballotFile, keepBallot, keptBallot, newSalt, parseBallotFile, type KeptBallot } from "@/features/court/jury-salt";
import { describeWalletError } from "@/lib/wallet/wallet-error";
import { useAdvanceCase, useCommitFindings, useJuryCourtAddress, useRevealFindings } from "@/components/court/use-jury";
import { useSession } from "@/components/wallet/use-session";
import { useContractsSummary } from "@/components/network/use-system";
import { Card } from "@/components/ui/card";
import { FileButton } from "@/components/ui/field";
import { Deadline, lastEventTime, useCaseClock } from "./deadline";
import { useFocusOnMessage } from "@/components/ui/focus-on-message";
import { moveOnState } from "./move-on";
import { MoveOnControl } from "./move-on-control";
import { disputedSentence } from "./disputed-sentence";
import { formatTimeWithZone } from "@/components/ui/capsule-format";
import { JuryEvidenceForm } from "./jury-evidence-form";
import { EvidenceItem } from "./evidence-item";
import { AppealFunding, type FundedAppeal } from "./appeal-funding";
import { CASE_PLACE } from "./case-places";
import { appealQuoteOf } from "@/features/court/appeal-quote";
import { AppealRefunds } from "./appeal-refunds";
import { jurorDuty } from "@/features/court/juror-duty";

// The jury's part of a case page (issue 28): period and countdown, evidence from both sides, the
// jurors and their public reasons after reveal, the juror's commit/reveal panel and the appeal costs.

const periodText: Record<string, string> = {
  evidence: "Evidence: both sides add evidence",
  commit: "Commit: jurors commit their findings in secret",
  reveal: "Reveal: jurors reveal their findings and reasons",
  appeal: "Appeal: either side may fund another round",
  final: "Final",
};
/** A juror's finding on one claim, in words (the option a juror picks). */
const findingText: Record<(typeof findingNames)[number], string> = {
  verified: "Verified: the claim holds up",
  misleading: "Misleading: a material inaccuracy",
  fraudulent: "Fraudulent: deliberately deceptive",
  unresolved: "Unresolved: the evidence does not decide it",
};
const cap = (wei: string) => `${Number(formatEther(BigInt(wei))).toLocaleString("en-US", { maximumFractionDigits: 4 })} CAP`;
const button = "min-h-11 rounded-md px-4 py-2 text-sm font-semibold disabled:opacity-50";

const shortQuote = (text: string) => `“${text.length > 120 ? `${text.slice(0, 117)}…` : text}”`;

/** `claims`: the capsule's claims when its read has arrived, so a disputed claim is named with its words. */
export function JuryPanel({ item, submitter, claims }: { item: TCourtCase; submitter: string | undefined; claims?: TClaimObject[] }) {
  const advance = useAdvanceCase(item.caseId);
  const { status: sessionStatus } = useSession();
  // what this tab's own appeal funding did, for the round it left the case in (another's funding that opens a round says nothing here)
  const [funded, setFunded] = useState<FundedAppeal | undefined>();
  const quoted = item.claim ? `the passage quoted above, ${shortQuote(item.claim)}` : undefined;
  const claimNames =
    item.claimIds.length > 0
      ? item.claimIds.map((id) => {
          const claim = claims?.find((c) => c.claimId === id);
          const name = nameOfClaim(claims, id);
          return claim && name ? `${name}, ${shortQuote(claim.exact)}` : "a claim of the article";
        })
      : [quoted ?? "The article as a whole"];
  const signedIn = sessionStatus === "signed-in";
  // the contract moves a period on only once it has ended, or a commit or reveal period once every juror has acted
  // one clock for the countdown and the control: the chain's block time, else estimated from the case's last event
  const clock = useCaseClock(lastEventTime(item));
  const roundJurors = item.jurors.filter((j) => j.round === item.round);
  const workDone = roundJurors.length > 0 && ((item.period === "commit" && roundJurors.every((j) => j.committed)) || (item.period === "reveal" && roundJurors.every((j) => j.revealed)));
  const moveOn = moveOnState({ period: item.period, periodEndsAt: item.periodEndsAt, workDone, now: clock.now, estimated: clock.estimated });

  return (
    <div className="space-y-6" data-testid="jury-panel">
      <Card title="Jury" id={CASE_PLACE.jury}>
        <div className="space-y-2 text-sm">
          <p className="font-semibold text-ink" data-testid="jury-period">
            Round {(item.round ?? 0) + 1} · {periodText[item.period ?? "evidence"]}
          </p>
          {/* the end is said here only; the move-on line right below it says "when this period ends" */}
          {item.periodEndsAt ? (
            <p className="text-stone-700">
              Ends <Deadline endsAt={item.periodEndsAt} now={clock.now} estimated={clock.estimated} />
            </p>
          ) : null}
          {item.period === "final" ? null : !signedIn ? (
            // a reader who is not signed in cannot press it: a hint, not a dead button
            <p className="text-stone-600" data-testid="move-on-sign-in">Anyone signed in can move the case on once a period is over: sign in with your wallet (page header).</p>
          ) : (
            <MoveOnControl
              state={moveOn}
              period={item.period}
              pending={advance.isPending}
              onMove={() => {
                advance.reset();
                advance.mutate({});
              }}
            />
          )}
          {advance.error ? <p role="alert" className="text-red-700">{advance.error.message}</p> : null}
          <p className="text-stone-600 [overflow-wrap:anywhere]">{disputedSentence(claimNames)}</p>
          {item.unknownClaimIds.length > 0 ? <UnknownClaims ids={item.unknownClaimIds} closed={item.status === "closed"} /> : null}
          {/* in the appeal period the note stands by the funding form; a funding that opened the next round is told here */}
          {funded && funded.round === item.round && item.period !== "appeal" ? <FundedNote message={funded.text} /> : null}
        </div>
      </Card>
      <Card title="Evidence from both sides" id={CASE_PLACE.evidence}>
        {item.evidence.length === 0 ? (
          <p className="text-sm text-stone-600">{item.period === "final" ? "No evidence was added." : "No evidence yet."}</p>
        ) : (
          <ul className="space-y-2 text-sm" data-testid="jury-evidence">
            {item.evidence.map((e, i) => (
              <EvidenceItem key={e.txHash} item={e} index={i} />
            ))}
          </ul>
        )}
        <JuryEvidenceForm item={item} submitter={submitter} />
      </Card>
      <Card title="Jurors" id={CASE_PLACE.jurors}>
        {item.jurors.length === 0 ? (
          <p className="text-sm text-stone-600">The jurors are drawn on chain when the evidence period ends.</p>
        ) : (
          <ul className="space-y-3 text-sm" data-testid="jury-jurors">
            {item.jurors.map((j) => (
              <li key={`${j.round}-${j.juror}`}>
                <FullAddress address={j.juror} label="juror’s address" />
                <p className="text-stone-700">
                  Round {j.round + 1}: {j.revealed ? "revealed" : j.committed ? "committed" : "has not committed"}
                  {j.slashed ? ` · did not reveal, ${cap(j.slashed)} slashed` : ""}
                  {j.reward ? ` · earned ${cap(j.reward)}` : ""}
                </p>
                {j.findings && j.reasons ? (
                  <ul className="mt-1 list-disc pl-5">
                    {j.findings.map((finding, k) => (
                      <li key={k}>
                        {claimNames[k]}: <strong>{finding}</strong> — <bdi>{j.reasons?.[k]}</bdi>
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </Card>
      <JurorActions item={item} claimNames={claimNames} />
      {item.period === "appeal" ? <AppealCosts item={item} submitter={submitter} funded={funded} onFunded={setFunded} /> : null}
      <AppealRefunds item={item} />
    </div>
  );
}

function JurorActions({ item, claimNames }: { item: TCourtCase; claimNames: string[] }) {
  const { wallet, status } = useSession();
  const contracts = useContractsSummary();
  const commit = useCommitFindings(item.caseId);
  const reveal = useRevealFindings(item.caseId);
  const { mutateAsync: signTypedData } = useSignTypedData();
  // nothing is chosen for the juror: a commitment cannot be changed, so each finding is a deliberate choice
  const [findings, setFindings] = useState<string[]>(() => claimNames.map(() => ""));
  const [reasons, setReasons] = useState<string[]>(() => claimNames.map(() => ""));
  const [confirming, setConfirming] = useState(false);
  // the wallet's prompt is open: nothing is sent until the juror confirms there
  const [signing, setSigning] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [kept, setKept] = useState<KeptBallot | undefined>();
  const round = item.round ?? 0;
  const me = item.jurors.find((j) => j.round === round && j.juror.toLowerCase() === wallet?.toLowerCase());
  useEffect(() => {
    if (wallet && item.juryCaseId) setKept(keptBallot(item.juryCaseId, round, wallet));
  }, [wallet, item.juryCaseId, round]);
  // the salt is lost with the tab unless it was saved to a file: warn before leaving
  useEffect(() => {
    if (!kept || kept.savedToFile || me?.revealed) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [kept, me?.revealed]);
  if (!me || !wallet || !item.juryCaseId) return null;
  const court = contracts.data?.contracts.juryCourt?.address as Address | undefined;
  const caseId = BigInt(item.juryCaseId);

  /** What is still missing before the findings can be committed, in words, or undefined. */
  function missing(): string | undefined {
    const unchosen = claimNames.filter((_, k) => !findings[k]);
    if (unchosen.length > 0) return `Choose a finding for ${unchosen.join(" and ")}.`;
    const unexplained = claimNames.filter((_, k) => !reasons[k]?.trim());
    if (unexplained.length > 0) return `Give a short reason for ${unexplained.join(" and ")}: it is published when you reveal.`;
    // the chain counts bytes: a reason too long would be refused at reveal, after the findings are committed
    const tooLong = claimNames.filter((_, k) => utf8Bytes(reasons[k]?.trim() ?? "") > MAX_REASON_BYTES);
    if (tooLong.length > 0) return `Shorten the reason for ${tooLong.join(" and ")}: the jury court takes at most ${MAX_REASON_BYTES} bytes (accented letters count twice, most emoji four times).`;
    // the bridge refuses the reveal of a reason with a bidirectional override or an unclosed isolate (plain-text.ts)
    const reordering = claimNames.filter((_, k) => bidiControlProblem(reasons[k] ?? "") !== undefined);
    if (reordering.length > 0) return `Remove the bidirectional override or unclosed isolate characters from the reason for ${reordering.join(" and ")}.`;
    return undefined;
  }

  function review() {
    const gap = missing();
    setError(gap);
    setConfirming(gap === undefined);
  }

  async function doCommit() {
    if (!court || !wallet || !item.juryCaseId || missing()) return;
    setError(undefined);
    try {
      const salt = newSalt();
      const ballot: KeptBallot = { juryCaseId: item.juryCaseId, round, juror: wallet, findings, reasons, salt, savedToFile: false };
      keepBallot(ballot);
      setKept(ballot);
      const commitment = juryCommitment(caseId, BigInt(round), wallet, findings.map((f) => FINDING[f as keyof typeof FINDING]), salt);
      setSigning(true);
      const signature = await signTypedData({ ...juryCommitTypedData(court, CAPSULE_CHAIN_ID, { caseId, round: BigInt(round), juror: wallet, commitment }), account: wallet });
      setSigning(false);
      await commit.mutateAsync({ commitment, signature });
      setConfirming(false);
    } catch (cause) {
      setError(describeWalletError(cause, "commit your findings"));
    } finally {
      setSigning(false);
    }
  }

  async function doReveal() {
    if (!court || !wallet || !kept) return;
    setError(undefined);
    try {
      const numbers = kept.findings.map((f) => FINDING[f as keyof typeof FINDING]);
      setSigning(true);
      const signature = await signTypedData({
        ...juryRevealTypedData(court, CAPSULE_CHAIN_ID, { caseId, round: BigInt(round), juror: wallet, findings: numbers, reasons: kept.reasons, salt: kept.salt }),
        account: wallet,
      });
      setSigning(false);
      await reveal.mutateAsync({ findings: kept.findings as TRevealFinding[], reasons: kept.reasons, salt: kept.salt, signature });
    } catch (cause) {
      setError(describeWalletError(cause, "reveal your findings"));
    } finally {
      setSigning(false);
    }
  }

  function download() {
    if (!kept) return;
    const url = URL.createObjectURL(ballotFile(kept));
    const a = document.createElement("a");
    a.href = url;
    a.download = `jury-case-${kept.juryCaseId}-round-${kept.round + 1}.json`;
    a.click();
    URL.revokeObjectURL(url);
    const saved = { ...kept, savedToFile: true };
    keepBallot(saved);
    setKept(saved);
  }

  async function load(file: File | undefined) {
    if (!file || !wallet || !item.juryCaseId) return;
    setError(undefined);
    const restored = parseBallotFile(await file.text(), { juryCaseId: item.juryCaseId, round, juror: wallet });
    if (!restored) {
      setError(`That file is not your saved salt for jury case #${item.juryCaseId}, round ${round + 1}.`);
      return;
    }
    keepBallot(restored);
    setKept(restored);
  }

  return (
    <div id="your-findings">
      <Card title="Your findings">
        <div className="space-y-3 text-sm" data-testid="juror-actions">
          <JurorDutyLine item={item} wallet={wallet} revealSaltKept={Boolean(kept)} />
          {item.period === "commit" && !me.committed ? (
            <>
              <p className="text-stone-700">Choose a finding and a short public reason for each claim. They stay secret until you reveal them, and once committed they cannot be changed.</p>
              {claimNames.map((name, k) => (
                // keyed by position: the names change when the article's claims load, and a new fieldset would drop a reason being typed
                <fieldset key={k} className="min-w-0 space-y-1 rounded-md border border-stone-200 p-3 [overflow-wrap:anywhere]" disabled={confirming || commit.isPending}>
                  <legend className="px-1 font-semibold">{name}</legend>
                  <label className="block">
                    Finding{" "}
                    <select
                      className="min-h-11 max-w-full rounded-md border border-stone-300 px-2"
                      value={findings[k]}
                      onChange={(e) => {
                        setFindings(findings.map((f, i) => (i === k ? e.target.value : f)));
                        setError(undefined);
                      }}
                    >
                      <option value="" disabled>
                        Choose a finding…
                      </option>
                      {findingNames.map((f) => (
                        <option key={f} value={f}>
                          {findingText[f]}
                        </option>
                      ))}
                    </select>
                  </label>
                  <label className="block">
                    Reason (public after reveal, up to {MAX_REASON_BYTES} bytes: about {MAX_REASON_BYTES} plain letters, fewer with accents or emoji)
                    <textarea
                      className="mt-1 block w-full rounded-md border border-stone-300 p-2"
                      maxLength={MAX_REASON_BYTES}
                      value={reasons[k]}
                      onChange={(e) => {
                        setReasons(reasons.map((r, i) => (i === k ? e.target.value : r)));
                        setError(undefined);
                      }}
                    />
                  </label>
                </fieldset>
              ))}
              {confirming ? (
                <div className="space-y-2 rounded-md border border-stone-300 bg-stone-50 p-3" data-testid="commit-review">
                  <p className="font-semibold">You are about to commit, for good:</p>
                  <ul className="list-disc space-y-1 pl-5 [overflow-wrap:anywhere]">
                    {claimNames.map((name, k) => (
                      <li key={name}>
                        {name}: <strong>{findingText[findings[k] as TRevealFinding]}</strong> — <bdi>{reasons[k]?.trim()}</bdi>
                      </li>
                    ))}
                  </ul>
                  <div className="flex flex-wrap gap-2">
                    <button type="button" className={`${button} bg-ink text-white`} disabled={signing || commit.isPending || status !== "signed-in" || !court} onClick={() => void doCommit()}>
                      {signing ? "Confirm in your wallet…" : commit.isPending ? "Committing…" : "Sign and commit"}
                    </button>
                    <button type="button" className={`${button} border border-stone-300 bg-white text-ink`} disabled={signing || commit.isPending} onClick={() => setConfirming(false)}>
                      Change my findings
                    </button>
                  </div>
                </div>
              ) : (
                <button type="button" className={`${button} bg-ink text-white`} disabled={status !== "signed-in" || !court} onClick={review}>
                  Review my findings
                </button>
              )}
            </>
          ) : null}
          {kept && !me.revealed ? (
            <div role="status" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-950" data-testid="salt-warning">
              <p>
                Your secret salt is kept in this browser only. Without it you cannot reveal, and a juror who does not reveal loses 5 % of their bond.
                {kept.savedToFile ? " You saved it to a file." : " Save it to a file now."}
              </p>
              <button type="button" className={`${button} mt-2 border border-amber-400 bg-white`} onClick={download}>
                Download my salt and findings
              </button>
            </div>
          ) : null}
          {item.period === "reveal" && me.committed && !me.revealed ? (
            kept ? (
              <button type="button" className={`${button} bg-ink text-white`} disabled={signing || reveal.isPending || status !== "signed-in" || !court} onClick={() => void doReveal()}>
                {signing ? "Confirm in your wallet…" : reveal.isPending ? "Revealing…" : "Sign and reveal my findings"}
              </button>
            ) : (
              <div className="space-y-2">
                <p className="text-red-700">This browser does not hold your salt for this round. Open the page in the browser you committed from, or load the file you saved.</p>
                <FileButton aria-label="Load my saved salt file" accept="application/json,.json" onChange={(e) => void load(e.target.files?.[0])}>
                  Load my saved salt file…
                </FileButton>
              </div>
            )
          ) : null}
          {me.revealed ? <p className="text-stone-700">You revealed your findings.</p> : null}
          {error ? <p role="alert" className="text-red-700">{error}</p> : null}
        </div>
      </Card>
    </div>
  );
}

type TRevealFinding = (typeof findingNames)[number];

/**
 * What the court expects of this juror now and by when, at the top of the juror's own card (the juror page says the
 * same per case): the deadline of the step to take, and what missing it costs.
 */
function JurorDutyLine({ item, wallet, revealSaltKept }: { item: TCourtCase; wallet: string; revealSaltKept: boolean }) {
  const duty = jurorDuty(item, wallet);
  // the Jury card's clock: the same deadline never reads as two different times left on one page
  const clock = useCaseClock(lastEventTime(item));
  const round = (item.round ?? 0) + 1;
  let line: ReactNode;
  switch (duty.kind) {
    case "commit":
      line = (
        <>
          <strong>You sit on this jury in round {round}. Commit your findings by</strong> <Deadline endsAt={duty.by} testId="juror-duty-countdown" now={clock.now} estimated={clock.estimated} />. Then
          reveal them in the reveal period that follows: a juror who does not commit and reveal in time earns nothing and loses 5 % of their bond.
        </>
      );
      break;
    case "reveal":
      line = (
        <>
          <strong>Reveal your findings by</strong> <Deadline endsAt={duty.by} testId="juror-duty-countdown" now={clock.now} estimated={clock.estimated} />: a juror who does not reveal in time
          loses 5 % of their bond.{revealSaltKept ? "" : " You need the salt this browser kept when you committed, or the file you saved."}
        </>
      );
      break;
    case "wait-reveal":
      line = (
        <>
          Committed. Come back to reveal when the reveal period opens, as this commit period ends: <Deadline endsAt={duty.from} testId="juror-duty-countdown" now={clock.now} estimated={clock.estimated} />.
        </>
      );
      break;
    case "wait-commit":
      line = (
        <>
          You were drawn for round {round}. The commit period opens when the evidence period ends: <Deadline endsAt={duty.from} testId="juror-duty-countdown" now={clock.now} estimated={clock.estimated} />.
        </>
      );
      break;
    case "missed":
      line = duty.what === "commit" ? "You did not commit in time, so you cannot reveal in this round." : "You committed but did not reveal in time.";
      break;
    default:
      return null;
  }
  return (
    <p className="rounded-md border border-stone-200 bg-stone-50 p-3 text-stone-800" data-testid="juror-duty" data-duty={duty.kind}>
      {line}
    </p>
  );
}

function AppealCosts({ item, submitter, funded, onFunded }: { item: TCourtCase; submitter: string | undefined; funded: FundedAppeal | undefined; onFunded: (funded: FundedAppeal | undefined) => void }) {
  const q = appealQuoteOf(item, useJuryCourtAddress());
  const now = useCaseClock(lastEventTime(item)).now;
  if (!q) {
    return (
      <Card title="Appeal">
        <p className="text-sm text-stone-600" role="status" aria-busy="true">
          Loading the appeal costs…
        </p>
      </Card>
    );
  }
  const possible = q.nextRoundJurors > 0 && BigInt(q.nextRoundCost) > 0n;
  const nextRound = q.round + 2;
  return (
    <Card title="Appeal" id={CASE_PLACE.appeal}>
      <div className="space-y-3 text-sm" data-testid="appeal-costs">
        {!possible ? (
          <p className="text-stone-600">This case cannot go to another round: the finding becomes final when the appeal period ends.</p>
        ) : (
          <>
            <p>
              Another round seats {q.nextRoundJurors} jurors and costs {cap(q.nextRoundCost)}. The side that lost must raise twice that, in the first half of the
              period; the side that won once, until the period ends, so it can always answer. If only one side is fully funded when the period ends, that side wins.
            </p>
            <p data-testid="appeal-who">
              <strong>Anyone with a wallet may fund either side</strong>, in any amount up to what the side still needs: the challenger, the outlet, or a reader who
              thinks the finding should be looked at again.
            </p>
            <ul className="space-y-1">
              {q.sides.map((s) => {
                const remaining = BigInt(s.remaining);
                return (
                  <li key={s.side} data-testid={`appeal-side-${s.side}`}>
                    {s.side === "challenger" ? "Challenger" : "Outlet"} ({s.winning ? "won this round" : "lost this round"}): needs {cap(s.required)}, raised {cap(s.paid)}, still{" "}
                    {cap(s.remaining)}
                    {remaining === 0n ? (
                      "; fully funded."
                    ) : now >= Number(s.fundingEndsAt) ? (
                      <>; funding closed at {formatTimeWithZone(s.fundingEndsAt)}.</>
                    ) : (
                      <>
                        ; can be funded until <Deadline endsAt={s.fundingEndsAt} now={now} testId={`appeal-deadline-${s.side}`} />.
                      </>
                    )}
                  </li>
                );
              })}
            </ul>
            <div className="rounded-md border border-stone-200 bg-stone-50 p-3" data-testid="appeal-money">
              <h3 className="font-semibold text-ink">What happens to the money</h3>
              <ul className="mt-1 list-disc space-y-1 pl-5">
                <li>
                  Both sides fully funded: round {nextRound} opens at once and its {q.nextRoundJurors} jurors are paid its {cap(q.nextRoundCost)} from what was raised.
                  When the case is final, the funders of the side that prevails share the rest, in proportion to what each gave; the funders of the other side get
                  nothing back.
                </li>
                <li>Not both sides fully funded when the period ends: no round opens, and every funder gets back all they gave once the case is final.</li>
                <li>Nothing is paid back by itself: once the case is final, each funder withdraws on this page, signed in with the wallet that paid.</li>
              </ul>
            </div>
            {funded && funded.round === item.round ? <FundedNote message={funded.text} /> : null}
            <AppealFunding item={item} submitter={submitter} quote={q} onFunded={onFunded} />
          </>
        )}
      </div>
    </Card>
  );
}

/** What a funding did, where the funder looks (the appeal's card, or the jury's once a new round opened); it takes the focus. */
function FundedNote({ message }: { message: string }) {
  const ref = useFocusOnMessage<HTMLParagraphElement>(message);
  return (
    <p ref={ref} tabIndex={-1} role="status" className="text-green-800 outline-none focus-visible:ring-2 focus-visible:ring-accent" data-testid="appeal-funded">
      {message}
    </p>
  );
}
