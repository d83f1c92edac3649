import "server-only";
import { getAddress, type Address } from "viem";
import type { Db } from "@/lib/db/database";
import { closeCase, getCaseOrThrow, insertCaseEvent, insertPenalty } from "@/lib/db/repositories/court.repository";
import { findActiveRole } from "@/lib/db/repositories/roles.repository";
import { findOutletBySlug, getOutletBySlugOrThrow } from "@/lib/db/repositories/outlets.repository";
import { insertActivity, type ActivityEntry } from "@/lib/db/repositories/activity.repository";
import { AppError } from "@/lib/errors/app-error";
import { COURT_OUTLET_SLUG } from "@/lib/outlets/role-catalog";
import { activityTime } from "@/lib/services/roles/role-registry-chain";
import type { TVerdictBody } from "@/lib/schemas/court";
import { bondOf, sendPenalty } from "./court-chain";
import { caseDetail } from "./case-view";
import { applyLabel } from "./labels";
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
 * IntegrityCourt.applyPenalty inside the same SQL transaction (a chain failure rolls it all back)
 * and start the distribution downgrade. Checks: 404 → 403 → 409.
 */
export async function recordVerdict(db: Db, wallet: Address, caseId: number, body: TVerdictBody, now: number) {
  const existing = await getCaseOrThrow(db, caseId);
  await requireClerk(db, wallet);
  if (existing.status !== "open") {
    throw new AppError("INVALID_STATE", `Court case ${caseId} is ${existing.status} (verdict: ${existing.verdict}); only an open case takes a verdict`);
  }
  const at = await activityTime(now);
  const row = await db.transaction().execute(async (trx) => {
    const closed = await closeCase(trx, caseId, { verdict: body.verdict, rationale: body.rationale, decided_by: wallet, closed_at: at });
    if (!closed) throw new AppError("INVALID_STATE", `Court case ${caseId} is no longer open; only an open case takes a verdict`);
    await insertCaseEvent(trx, { caseId, kind: "verdict", actor: wallet, details: { verdict: body.verdict, rationale: body.rationale }, at });
    await applyLabel(trx, { capsuleId: closed.capsule_id, label: body.verdict, by: wallet, reason: `verdict of court case ${caseId}: ${body.rationale}`, caseId, at });
    const activity: ActivityEntry[] = [{ wallet, kind: "court.verdict", outletSlug: closed.outlet_slug, subjectId: String(caseId), details: { verdict: body.verdict, capsuleId: String(closed.capsule_id) }, createdAt: at }];

    if (isPenalised(body.verdict)) {
      const outlet = await getOutletBySlugOrThrow(trx, closed.outlet_slug);
      const outletWallet = getAddress(outlet.owner_wallet);
      const bond = await bondOf(outletWallet);
      const amount = penaltyAmount(body.verdict, bond);
      // Last step before commit: once the penalty is mined only inserts remain.
      const receipt = await sendPenalty({ outletSlug: outlet.slug, outletWallet, caseId, verdict: body.verdict, amount });
      const until = penaltyUntil(body.verdict, at);
      await insertPenalty(trx, {
        case_id: caseId,
        outlet_id: outlet.id,
        outlet_slug: outlet.slug,
        outlet_wallet: outletWallet,
        verdict: body.verdict,
        amount_requested: amount.toString(),
        amount_slashed: receipt.slashed.toString(),
        bond_before: bond.toString(),
        tx_hash: receipt.txHash,
        block_number: Number(receipt.blockNumber),
        log_index: receipt.logIndex,
        penalty_until: until,
        created_at: at,
      });
      await insertCaseEvent(trx, {
        caseId,
        kind: "penalty",
        actor: wallet,
        details: { outletSlug: outlet.slug, outletWallet, verdict: body.verdict, amountRequested: amount.toString(), amountSlashed: receipt.slashed.toString(), penaltyUntil: String(until) },
        txHash: receipt.txHash,
        at,
      });
      activity.push({
        wallet: outletWallet,
        kind: "court.penalty",
        outletSlug: outlet.slug,
        subjectId: String(caseId),
        details: { verdict: body.verdict, amountSlashed: receipt.slashed.toString(), penaltyUntil: String(until), capsuleId: String(closed.capsule_id) },
        txHash: receipt.txHash,
        createdAt: at,
      });
    }
    await insertActivity(trx, activity);
    return closed;
  });
  return caseDetail(db, row);
}
