import "server-only";
import type { Address, Hex } from "viem";
import type { Db, Trx } from "@/lib/db/database";
import type { JuryCaseRow } from "@/lib/db/tables/jury.table";
import { getCaseOrThrow } from "@/features/court/court.repository";
import { evidenceHeld, findJuryCase } from "@/features/court/jury.repository";
import { operatorCalls, type OperatorCall } from "@/lib/chain/operator/operator-calls";
import { queueOperatorTx } from "@/lib/chain/operator/queue-operator-tx";
import { latestCaseCall } from "@/lib/db/repositories/operator-outbox.repository";
import { awaitOperatorTx } from "@/lib/chain/operator/await-operator-tx";
import { FINDING } from "@/lib/chain/jury-ballots";
import { AppError } from "@/lib/errors/app-error";
import type { TRevealBody } from "@/features/court/jury.schema";
import { syncProjectionThrough } from "@/lib/indexer/projection-sync";
import { caseDetail } from "./case-view";
import { settleJuryCase } from "./jury-settle";

// The jury court's relayed actions (issue 28): evidence, a juror's signed commit and reveal, and moving
// a case to its next period. Each goes through the operator outbox like a relayed ballot: the contract
// checks the party, the juror's signature and the period; a 2xx means the transaction is stored durably.

type Relayed = {
  what: string;
  call: (jury: JuryCaseRow) => OperatorCall;
  period?: JuryCaseRow["period"];
  wallet?: Address;
  /** Runs in the SQL transaction that stages the call (one at a time, like the nonce): a refusal stages nothing. */
  guard?: (trx: Trx, jury: JuryCaseRow) => Promise<void>;
};

/**
 * The evidence items each side of a case (the challenger; the outlet: its author and anyone holding a role
 * at it, together) may have in the case, all rounds together, before this bridge relays no more of theirs:
 * each is a transaction at the operator's expense and an entry of every answer that shows the case.
 */
export const MAX_EVIDENCE_PER_SIDE = 20;

/** The side `wallet` argues on in the case (1 the challenger, 2 the outlet's side) and how many items that side holds. */
export async function evidenceOfSide(trx: Trx, courtCaseId: number, jury: JuryCaseRow, wallet: Address): Promise<{ side: 1 | 2; held: number }> {
  const sideOf = (party: string) => (party.toLowerCase() === jury.challenger.toLowerCase() ? 1 : 2);
  const side = sideOf(wallet);
  const entries = await evidenceHeld(trx, courtCaseId, jury.case_id);
  const sideOfEntry = (entry: (typeof entries)[number]) =>
    entry.details_json !== null ? (JSON.parse(entry.details_json) as { side?: number }).side : sideOf(entry.wallet ?? "");
  return { side, held: entries.filter((entry) => sideOfEntry(entry) === side).length };
}

/**
 * Counts what the side holds: the indexed EvidenceSubmitted entries, and the evidence relayed but not
 * indexed yet (outbox rows queued, sent, or mined ahead of the indexer), both in one statement. It runs in the transaction that
 * stages the relay, and those transactions run one at a time (the operator nonce's lock on PostgreSQL,
 * the one writer of SQLite): requests sent together each see the others' staged rows, so the side never
 * goes past the limit.
 */
async function checkEvidenceRoom(trx: Trx, courtCaseId: number, jury: JuryCaseRow, wallet: Address) {
  const { side, held } = await evidenceOfSide(trx, courtCaseId, jury, wallet);
  if (held < MAX_EVIDENCE_PER_SIDE) return;
  const who = side === 1 ? "the challenger" : "the outlet's side";
  throw new AppError("CONFLICT", `Jury case ${jury.case_id} already holds ${held} evidence items from ${who}, the most this bridge relays for one side of a case (${MAX_EVIDENCE_PER_SIDE}); add what matters most to an item already submitted`, {
    details: { side: side === 1 ? "challenger" : "outlet", evidenceCount: held, limit: MAX_EVIDENCE_PER_SIDE },
  });
}

async function juryCaseOf(db: Db, courtCaseId: number) {
  const row = await getCaseOrThrow(db, courtCaseId);
  if (row.jury_case_id === null) throw new AppError("INVALID_STATE", `Court case ${courtCaseId} is a clerk case (opened before the jury court); it has no jury`);
  const jury = await findJuryCase(db, row.jury_case_id);
  if (!jury) throw new AppError("CHAIN_UNAVAILABLE", `The jury case ${row.jury_case_id} is not indexed yet; retry shortly`);
  return { row, jury };
}

async function relay(db: Db, courtCaseId: number, action: Relayed) {
  await syncProjectionThrough();
  const { jury } = await juryCaseOf(db, courtCaseId);
  if (action.period && jury.period !== action.period) {
    throw new AppError("INVALID_STATE", `Jury case ${jury.case_id} is in its ${jury.period} period; ${action.what} belongs to the ${action.period} period`, {
      details: { period: jury.period, periodEndsAt: jury.period_ends_at === null ? null : String(jury.period_ends_at) },
    });
  }
  const guard = action.guard;
  const queued = await queueOperatorTx(db, action.what, action.call(jury), {
    purpose: "court.jury",
    links: { caseId: courtCaseId, capsuleId: jury.capsule_id, wallet: action.wallet },
    guard: guard && ((trx) => guard(trx, jury)),
  });
  const outcome = await awaitOperatorTx(db, queued);
  if (outcome.status === "mined") {
    await syncProjectionThrough(outcome.blockNumber);
    await settleJuryCase(db, courtCaseId);
  }
  const detail = await caseDetail(db, await getCaseOrThrow(db, courtCaseId));
  return { ...detail, operatorTx: { txHash: queued.hash, nonce: String(queued.row.nonce), status: outcome.status } };
}

/** POST /api/court/case/:id/evidence — a party's evidence (the challenger's, or the outlet's reply). */
export const relayEvidence = (db: Db, wallet: Address, courtCaseId: number, uri: string) =>
  relay(db, courtCaseId, {
    what: "add the evidence",
    period: "evidence",
    wallet,
    guard: (trx, jury) => checkEvidenceRoom(trx, courtCaseId, jury, wallet),
    call: (jury) => operatorCalls.submitEvidence(BigInt(jury.case_id), wallet, uri),
  });

/**
 * A juror commits once and reveals once a round, and the contract refuses a second one only once the first is
 * mined: requests at once (a double click, a retry while the first waits for its receipt) would each pass the
 * pre-flight, and all but the first be mined as reverts at the operator's expense. Read before the pre-flight,
 * like an advance's: a request finding the juror's same move waiting to be mined is refused at once, and the
 * guard (in the staging transaction, one at a time) refuses one when another was staged after that read.
 */
async function oneMoveOfJuror(db: Db, courtCaseId: number, functionName: "commitBySig" | "revealBySig", juror: Address) {
  const what = functionName === "commitBySig" ? "commitment" : "reveal";
  const inFlight = (txHash: string) =>
    new AppError("CONFLICT", `A ${what} of ${juror} in court case ${courtCaseId} was just relayed by another request (transaction ${txHash}); reload the case to see it`, {
      details: { pendingTxHash: txHash },
    });
  const seen = await latestCaseCall(db, courtCaseId, functionName, juror);
  if (seen && (seen.status === "queued" || seen.status === "sent")) throw inFlight(seen.tx_hash);
  return async (trx: Trx) => {
    const latest = await latestCaseCall(trx, courtCaseId, functionName, juror);
    if (latest && latest.id !== seen?.id) throw inFlight(latest.tx_hash);
  };
}

/** POST /api/court/case/:id/commit — the juror's signed Commit. */
export async function relayCommit(db: Db, wallet: Address, courtCaseId: number, body: { commitment: string; signature: string }) {
  const guard = await oneMoveOfJuror(db, courtCaseId, "commitBySig", wallet);
  return relay(db, courtCaseId, {
    what: "relay the commitment",
    period: "commit",
    wallet,
    guard,
    call: (jury) => operatorCalls.commitBySig(BigInt(jury.case_id), wallet, body.commitment as Hex, body.signature as Hex),
  });
}

/** POST /api/court/case/:id/reveal — the juror's signed Reveal (findings, public reasons, salt). */
export async function relayReveal(db: Db, wallet: Address, courtCaseId: number, body: TRevealBody) {
  const guard = await oneMoveOfJuror(db, courtCaseId, "revealBySig", wallet);
  return relay(db, courtCaseId, {
    what: "relay the reveal",
    period: "reveal",
    wallet,
    guard,
    call: (jury) => operatorCalls.revealBySig(BigInt(jury.case_id), wallet, body.findings.map((f) => FINDING[f]), body.reasons, body.salt as Hex, body.signature as Hex),
  });
}

/**
 * POST /api/court/case/:id/advance — moves the case on when its period has ended (or its work is done);
 * on a case already final it only settles the court case (label, penalty).
 */
export async function advanceJuryCase(db: Db, courtCaseId: number) {
  await syncProjectionThrough();
  const { jury } = await juryCaseOf(db, courtCaseId);
  if (jury.period === "final") {
    await settleJuryCase(db, courtCaseId);
    return { ...(await caseDetail(db, await getCaseOrThrow(db, courtCaseId))), operatorTx: null };
  }
  // the pre-flight below is good only if no move of this case is in flight, and none is staged after it ran
  const seen = await latestCaseCall(db, courtCaseId, "advancePeriod");
  if (seen && (seen.status === "queued" || seen.status === "sent")) throw moveInFlight(courtCaseId, seen.tx_hash);
  return relay(db, courtCaseId, {
    what: "advance the case",
    guard: async (trx) => {
      const latest = await latestCaseCall(trx, courtCaseId, "advancePeriod");
      if (latest && latest.id !== seen?.id) throw moveInFlight(courtCaseId, latest.tx_hash);
    },
    call: (c) => operatorCalls.advancePeriod(BigInt(c.case_id)),
  });
}

/**
 * Anyone may move a case on, so several may ask at the moment a period ends: each request's pre-flight passes
 * against the chain as it was, and all but the first would be mined as reverts at the operator's expense. A
 * request stages its move only when no move of the case was in flight before its pre-flight and none was staged
 * since; the staging transactions run one at a time, so of requests at once the first stages and the rest see it.
 */
const moveInFlight = (courtCaseId: number, txHash: string) =>
  new AppError("CONFLICT", `Court case ${courtCaseId} was just moved on by another request (transaction ${txHash}); reload the case to see its period`, {
    details: { pendingTxHash: txHash },
  });
