import "server-only";
import { getAddress } from "viem";
import type { Db, Trx } from "@/lib/db/database";
import type { JuryCaseRow } from "@/lib/db/tables/jury.table";
import { lockProjectionIn } from "@/lib/indexer/projection-lock";
import type { CourtCaseRow } from "@/lib/db/tables/court.table";
import { closeCase, closeJuryCaseUndecided, getCaseOrThrow, insertCaseEvent } from "@/features/court/court.repository";
import { findJuryCase, jurorsOfCase } from "@/features/court/jury.repository";
import { getCapsuleOrThrow } from "@/features/capsules/capsules.repository";
import { insertActivity, type ActivityEntry } from "@/features/wallet/activity.repository";
import { stageOperatorTx, withNonceRetry } from "@/lib/chain/operator/queue-operator-tx";
import { broadcastAndAwait } from "@/lib/chain/operator/await-operator-tx";
import { requireDeployment } from "@/lib/chain/server/current-deployment";
import { findingName } from "@/lib/chain/jury-claims";
import { database } from "@/lib/db/client";
import { bridgeChange } from "@/lib/live/live-hub";
import { applyLabel } from "./labels";
import { labelAfterCase, restoreLabel } from "./case-labels";
import { caseParties } from "./case-parties";
import { isPenalised } from "./penalty-policy";
import { penaltyReverts, preparePenalty } from "./penalty-preflight";
import { recordPenalty } from "./penalty-settlement";
import { noJurorRevealed, unknownClaimsOf } from "./jury-view";
import { noRevealNoFinding, UNKNOWN_CLAIMS_NO_FINDING } from "./clerk-retirement";

/**
 * Once the JuryCourt case of a court case is final (after its appeal period), the court case closes
 * with the jury's article finding as its verdict, the final label replaces `contested`, and the penalty
 * path runs as for any misleading or fraudulent verdict (slash through the operator outbox, distribution
 * downgrade from the receipt). Idempotent: a case already closed is left alone. Answers whether it closed it.
 * Everything it writes is dated at the jury case's final time and made by JuryCourt, so a rewind that takes the
 * CaseFinal away finds it and takes it back (jury-unsettle.ts).
 *
 * Two final cases end without a finding instead (no verdict, no label, no penalty; the label before the case
 * restored, as for a retired clerk case): one whose on-chain grounds name claims its capsule does not have
 * (anyone may open a case on any keys), and one whose last round no juror revealed in (the chain rules it
 * unresolved and returns the round's fee, so the label would cost its challenger nothing) unless a side won
 * it by default by funding an appeal alone.
 */
export async function settleJuryCase(db: Db, courtCaseId: number): Promise<boolean> {
  const existing = await getCaseOrThrow(db, courtCaseId);
  if (existing.status !== "open" || existing.jury_case_id === null) return false;
  const jury = await findJuryCase(db, existing.jury_case_id);
  if (!jury || jury.period !== "final" || jury.article_finding === null || jury.final_at === null) return false;
  const court = getAddress(requireDeployment().contracts.juryCourt.address);
  const at = jury.final_at;
  const unknown = await unknownClaimsOf(db, jury);
  if (unknown.length > 0) return closeWithoutFinding(db, existing, jury, court, at, UNKNOWN_CLAIMS_NO_FINDING, { unknownClaimIds: unknown });
  if (jury.by_default !== 1 && noJurorRevealed(jury, await jurorsOfCase(db, jury.case_id))) {
    return closeWithoutFinding(db, existing, jury, court, at, noRevealNoFinding(jury.round), { round: jury.round });
  }
  const verdict = findingName(jury.article_finding);
  const rationale = `Decided by the jury of JuryCourt case ${jury.case_id} in round ${jury.round + 1}${jury.by_default === 1 ? " (by default: only one side funded the appeal)" : ""}`;
  const capsule = await getCapsuleOrThrow(db, existing.capsule_id);
  const parties = await caseParties(db, capsule);
  const penalty = isPenalised(verdict) ? await preparePenalty(db, existing, verdict, court, at) : undefined;
  // the challenger is told too, as when a case ends without a finding
  const told = [...new Set([existing.opened_by, ...parties])];
  const pushed = bridgeChange(database(), { what: "court.verdict", capsuleIds: [String(capsule.id)], caseIds: [String(courtCaseId)], wallets: told });
  const staged = await withNonceRetry(db, async (trx) => {
    if (!(await stillFinal(trx, jury))) return undefined;
    const closed: CourtCaseRow | undefined = await closeCase(trx, courtCaseId, { verdict, rationale, finding: null, decided_by: court, closed_at: at });
    if (!closed) return undefined;
    await insertCaseEvent(trx, { caseId: courtCaseId, kind: "verdict", actor: court, details: { verdict, rationale, juryCaseId: String(jury.case_id), findings: jury.findings_json }, at });
    const { previous } = await applyLabel(trx, { capsuleId: closed.capsule_id, label: verdict, by: court, reason: `final finding of jury case ${jury.case_id}`, caseId: courtCaseId, at });
    const details = { caseId: String(courtCaseId), capsuleId: String(capsule.id), title: capsule.title, verdict };
    const activity: ActivityEntry[] = told.map((wallet) => ({ wallet, kind: "inbox.verdict", outletSlug: closed.outlet_slug, subjectId: String(courtCaseId), details: { ...details, rationale }, createdAt: at }));
    activity.push({ wallet: capsule.submitter, kind: "inbox.label_changed", outletSlug: closed.outlet_slug, subjectId: String(capsule.id), details: { ...details, label: verdict, previousLabel: previous }, createdAt: at });
    await insertActivity(trx, activity);
    if (penalty?.kind === "applied") await recordPenalty(trx, penalty.intent, penalty.applied);
    const row =
      penalty?.kind === "send"
        ? await stageOperatorTx(trx, penalty.prepared, { purpose: "court.penalty", links: { caseId: courtCaseId, capsuleId: capsule.id, wallet: penalty.intent.outletWallet }, intent: penalty.intent })
        : null;
    await pushed.inTransaction(trx);
    return { row };
  });
  if (!staged) return false;
  pushed.afterCommit();
  if (staged.row) await broadcastAndAwait(db, [staged.row], "apply the penalty", penaltyReverts(courtCaseId));
  return true;
}

/**
 * Under the projection lock, the jury case is still final at the time the settlement read: a rewind that took its
 * CaseFinal away commits before this transaction or after it, and one after it opens the case again (jury-unsettle.ts).
 */
async function stillFinal(trx: Trx, read: JuryCaseRow): Promise<boolean> {
  await lockProjectionIn(trx);
  const now = await findJuryCase(trx, read.case_id);
  return now?.period === "final" && now.final_at === read.final_at;
}

/** A final jury case that ended without a finding: closed with no verdict, the label before it restored, the parties told. */
async function closeWithoutFinding(db: Db, open: CourtCaseRow, jury: JuryCaseRow, court: string, at: number, reason: string, extra: Record<string, unknown>): Promise<boolean> {
  const capsule = await getCapsuleOrThrow(db, open.capsule_id);
  const parties = await caseParties(db, capsule);
  const pushed = bridgeChange(database(), { what: "court.verdict", capsuleIds: [String(capsule.id)], caseIds: [String(open.id)], wallets: [open.opened_by, ...parties] });
  const done = await db.transaction().execute(async (trx) => {
    if (!(await stillFinal(trx, jury))) return false;
    const closed = await closeJuryCaseUndecided(trx, open.id, { rationale: reason, decided_by: court, closed_at: at });
    if (!closed) return false;
    const { restore, after } = await labelAfterCase(trx, closed);
    await insertCaseEvent(trx, { caseId: open.id, kind: "no_finding", actor: court, details: { reason, labelRestored: restore, ...extra }, at });
    if (restore) await restoreLabel(trx, closed, restore, { by: court, reason: `court case ${open.id} ended without a finding`, at });
    const told = { caseId: String(open.id), capsuleId: String(capsule.id), title: capsule.title, verdict: null, rationale: reason, label: after };
    await insertActivity(
      trx,
      [...new Set([open.opened_by, ...parties])].map((wallet) => ({ wallet, kind: "inbox.verdict", outletSlug: open.outlet_slug, subjectId: String(open.id), details: told, createdAt: at })),
    );
    await pushed.inTransaction(trx);
    return true;
  });
  if (done) pushed.afterCommit();
  return done;
}
