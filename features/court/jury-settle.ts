import "server-only";
import { getAddress } from "viem";
import type { Db } from "@/lib/db/database";
import type { CourtCaseRow } from "@/lib/db/tables/court.table";
import { closeCase, getCaseOrThrow, insertCaseEvent } from "@/features/court/court.repository";
import { findJuryCase } from "@/features/court/jury.repository";
import { getCapsuleOrThrow } from "@/features/capsules/capsules.repository";
import { insertActivity, type ActivityEntry } from "@/features/wallet/activity.repository";
import { stageOperatorTx, withNonceRetry } from "@/lib/chain/operator/queue-operator-tx";
import { broadcastAndAwait } from "@/lib/chain/operator/await-operator-tx";
import { requireDeployment } from "@/lib/chain/server/current-deployment";
import { findingName } from "@/lib/chain/jury-claims";
import { database } from "@/lib/db/client";
import { bridgeChange } from "@/lib/live/live-hub";
import { applyLabel } from "./labels";
import { caseParties } from "./case-parties";
import { isPenalised } from "./penalty-policy";
import { penaltyReverts, preparePenalty } from "./penalty-preflight";

/**
 * Once the JuryCourt case of a court case is final (after its appeal period), the court case closes
 * with the jury's article finding as its verdict, the final label replaces `contested`, and the penalty
 * path runs as for any misleading or fraudulent verdict (slash through the operator outbox, distribution
 * downgrade from the receipt). Idempotent: a case already closed is left alone. Answers whether it closed it.
 */
export async function settleJuryCase(db: Db, courtCaseId: number): Promise<boolean> {
  const existing = await getCaseOrThrow(db, courtCaseId);
  if (existing.status !== "open" || existing.jury_case_id === null) return false;
  const jury = await findJuryCase(db, existing.jury_case_id);
  if (!jury || jury.period !== "final" || jury.article_finding === null || jury.final_at === null) return false;
  const verdict = findingName(jury.article_finding);
  const court = getAddress(requireDeployment().contracts.juryCourt.address);
  const at = jury.final_at;
  const rationale = `Decided by the jury of JuryCourt case ${jury.case_id} in round ${jury.round + 1}${jury.by_default === 1 ? " (by default: only one side funded the appeal)" : ""}`;
  const capsule = await getCapsuleOrThrow(db, existing.capsule_id);
  const parties = await caseParties(db, capsule);
  const penalty = isPenalised(verdict) ? await preparePenalty(db, existing, verdict, court, at) : undefined;
  const pushed = bridgeChange(database(), { what: "court.verdict", capsuleIds: [String(capsule.id)], caseIds: [String(courtCaseId)], wallets: parties });
  const staged = await withNonceRetry(db, async (trx) => {
    const closed: CourtCaseRow | undefined = await closeCase(trx, courtCaseId, { verdict, rationale, finding: null, decided_by: court, closed_at: at });
    if (!closed) return undefined;
    await insertCaseEvent(trx, { caseId: courtCaseId, kind: "verdict", actor: court, details: { verdict, rationale, juryCaseId: String(jury.case_id), findings: jury.findings_json }, at });
    await applyLabel(trx, { capsuleId: closed.capsule_id, label: verdict, by: court, reason: `final finding of jury case ${jury.case_id}`, caseId: courtCaseId, at });
    const told = { caseId: String(courtCaseId), capsuleId: String(capsule.id), title: capsule.title, verdict };
    const activity: ActivityEntry[] = parties.map((party) => ({ wallet: party, kind: "inbox.verdict", outletSlug: closed.outlet_slug, subjectId: String(courtCaseId), details: { ...told, rationale }, createdAt: at }));
    activity.push({ wallet: capsule.submitter, kind: "inbox.label_changed", outletSlug: closed.outlet_slug, subjectId: String(capsule.id), details: { ...told, label: verdict, previousLabel: "contested" }, createdAt: at });
    await insertActivity(trx, activity);
    const row = penalty
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
