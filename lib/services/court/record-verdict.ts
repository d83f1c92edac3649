import "server-only";
import { getAddress, type Address } from "viem";
import type { Db } from "@/lib/db/database";
import { closeCase, getCaseOrThrow, insertCaseEvent } from "@/lib/db/repositories/court.repository";
import type { CourtCaseRow } from "@/lib/db/tables/court.table";
import { operatorCalls } from "@/lib/chain/operator/operator-calls";
import { prepareOperatorTx, stageOperatorTx, withNonceRetry } from "@/lib/chain/operator/queue-operator-tx";
import { broadcastAndAwait } from "@/lib/chain/operator/await-operator-tx";
import { findActiveRole } from "@/lib/db/repositories/roles.repository";
import { findOutletBySlug, getOutletBySlugOrThrow } from "@/lib/db/repositories/outlets.repository";
import { insertActivity, type ActivityEntry } from "@/lib/db/repositories/activity.repository";
import { AppError } from "@/lib/errors/app-error";
import { COURT_OUTLET_SLUG } from "@/lib/roles/role-catalog";
import { activityTime } from "@/lib/services/roles/role-registry-chain";
import type { TVerdictBody } from "@/lib/schemas/court";
import { bondOf } from "./court-chain";
import { ZPenaltyIntent } from "./penalty-settlement";
import { caseDetail } from "./case-view";
import { applyLabel } from "./labels";
import { database } from "@/lib/db/client";
import { findReply } from "@/lib/db/repositories/court-replies.repository";
import { getCapsuleOrThrow } from "@/lib/db/repositories/capsules.repository";
import { bridgeChange } from "@/lib/live/live-hub";
import { chainNow } from "@/lib/services/capsules/chain-io";
import { caseParties } from "./case-parties";
import { isPenalised, penaltyAmount, penaltyUntil } from "./penalty-policy";

const COURT_CLERK_ROLE = 4;

async function requireClerk(db: Db, wallet: Address): Promise<void> {
  const court = await findOutletBySlug(db, COURT_OUTLET_SLUG);
  const role = court ? await findActiveRole(db, court.id, wallet, COURT_CLERK_ROLE) : undefined;
  if (!role) throw new AppError("FORBIDDEN", `Only a Court clerk (role 4 at "${COURT_OUTLET_SLUG}") may record a verdict`);
}

/**
 * POST /api/court/case/:id/verdict — a Court clerk closes an open case and the verdict becomes
 * the chain's label. Misleading/fraudulent verdicts also slash the outlet wallet's bond through
 * IntegrityCourt.applyPenalty, sent through the operator outbox: pre-flight first (a revert changes
 * nothing), then one SQL transaction closes the case and stages the signed penalty, then the
 * broadcast and a bounded wait for the receipt, outside any SQL transaction. The penalty row (and
 * the distribution downgrade it starts) is written from the receipt. Checks: 404 → 403 → 409.
 */
export async function recordVerdict(db: Db, wallet: Address, caseId: number, body: TVerdictBody, now: number) {
  const existing = await getCaseOrThrow(db, caseId);
  if (existing.jury_case_id !== null) {
    throw new AppError("INVALID_STATE", `Court case ${caseId} is decided by the jury of JuryCourt case ${existing.jury_case_id}; a clerk records no verdict on it`);
  }
  await requireClerk(db, wallet);
  if (existing.status !== "open") {
    throw new AppError("INVALID_STATE", `Court case ${caseId} is ${existing.status} (verdict: ${existing.verdict}); only an open case takes a verdict`);
  }
  // the right of reply (issue 13): no verdict while the window runs, unless the reply is in
  const replyWindow = await findReply(db, caseId);
  if (replyWindow && replyWindow.replied_at === null) {
    const chainTime = await chainNow();
    if (chainTime < replyWindow.due_at) {
      throw new AppError(
        "INVALID_STATE",
        `Court case ${caseId} is in its reply window until ${new Date(replyWindow.due_at * 1000).toISOString()} (chain time); a verdict can be recorded once the window has closed or the author or an editor has replied`,
        { details: { replyDueAt: String(replyWindow.due_at), chainTime: String(chainTime) } },
      );
    }
  }
  const capsule = await getCapsuleOrThrow(db, existing.capsule_id);
  const parties = await caseParties(db, capsule);
  const at = await activityTime(now);
  const penalty = isPenalised(body.verdict) ? await preparePenalty(db, existing, body.verdict, wallet, at) : undefined;
  const pushed = bridgeChange(database(), { what: "court.verdict", capsuleIds: [String(capsule.id)], caseIds: [String(caseId)], wallets: [wallet, ...parties] });
  const { closed, staged } = await withNonceRetry(db, async (trx) => {
    const closed = await closeCase(trx, caseId, { verdict: body.verdict, rationale: body.rationale, finding: body.finding ?? null, decided_by: wallet, closed_at: at });
    if (!closed) throw new AppError("INVALID_STATE", `Court case ${caseId} is no longer open; only an open case takes a verdict`);
    await insertCaseEvent(trx, { caseId, kind: "verdict", actor: wallet, details: { verdict: body.verdict, rationale: body.rationale, finding: body.finding ?? null }, at });
    await applyLabel(trx, { capsuleId: closed.capsule_id, label: body.verdict, by: wallet, reason: `verdict of court case ${caseId}: ${body.rationale}`, caseId, at });
    const activity: ActivityEntry[] = [{ wallet, kind: "court.verdict", outletSlug: closed.outlet_slug, subjectId: String(caseId), details: { verdict: body.verdict, capsuleId: String(closed.capsule_id) }, createdAt: at }];
    const told = { caseId: String(caseId), capsuleId: String(capsule.id), title: capsule.title, verdict: body.verdict };
    for (const party of parties) activity.push({ wallet: party, kind: "inbox.verdict", outletSlug: closed.outlet_slug, subjectId: String(caseId), details: { ...told, rationale: body.rationale }, createdAt: at });
    activity.push({ wallet: capsule.submitter, kind: "inbox.label_changed", outletSlug: closed.outlet_slug, subjectId: String(capsule.id), details: { ...told, label: body.verdict, previousLabel: "contested" }, createdAt: at });
    await insertActivity(trx, activity);
    // The penalty's intent and its signed transaction commit with the verdict; the penalty row is
    // written from the receipt (penalty-settlement.ts), never before the chain has slashed.
    const staged = penalty
      ? await stageOperatorTx(trx, penalty.prepared, { purpose: "court.penalty", links: { caseId, capsuleId: capsule.id, wallet: penalty.intent.outletWallet }, intent: penalty.intent })
      : undefined;
    await pushed.inTransaction(trx);
    return { closed, staged };
  });
  pushed.afterCommit();
  if (staged) await broadcastAndAwait(db, [staged], "apply the penalty", penaltyReverts(caseId));
  return caseDetail(db, (await getCaseOrThrow(db, closed.id)));
}

export const penaltyReverts = (caseId: number) => ({ PenaltyAlreadyApplied: () => new AppError("CONFLICT", `A penalty was already applied on chain for case ${caseId}`) });

/** Outside any SQL transaction: the bond read, the amount, and the pre-flight (a revert changes nothing). */
export async function preparePenalty(db: Db, courtCase: CourtCaseRow, verdict: "misleading" | "fraudulent", actor: Address, at: number) {
  const outlet = await getOutletBySlugOrThrow(db, courtCase.outlet_slug);
  const outletWallet = getAddress(outlet.owner_wallet);
  const bond = await bondOf(outletWallet);
  const amount = penaltyAmount(verdict, bond);
  const call = operatorCalls.applyPenalty(outlet.slug, outletWallet, BigInt(courtCase.id), verdict, amount);
  const prepared = await prepareOperatorTx("apply the penalty", call, penaltyReverts(courtCase.id));
  const intent = ZPenaltyIntent.parse({
    caseId: courtCase.id,
    capsuleId: courtCase.capsule_id,
    outletId: outlet.id,
    outletSlug: outlet.slug,
    outletWallet,
    verdict,
    amountRequested: amount.toString(),
    bondBefore: bond.toString(),
    penaltyUntil: penaltyUntil(verdict, at),
    actor,
    at,
  });
  return { prepared, intent };
}
