import "server-only";
import type { Address } from "viem";
import type { Db } from "@/lib/db/database";
import { getCapsuleOrThrow } from "@/features/capsules/capsules.repository";
import { findOpenCaseOfCapsule, insertCase, insertCaseEvent } from "@/features/court/court.repository";
import { insertActivity } from "@/features/wallet/activity.repository";
import { AppError } from "@/lib/errors/app-error";
import { activityTime } from "@/lib/chain/server/role-registry-reads";
import type { TDisputeBody } from "@/features/court/court.schema";
import { bondOf } from "./court-chain";
import { caseDetail } from "./case-view";
import { applyLabel } from "./labels";
import { isUniqueViolation } from "@/lib/errors/unique-violation";
import { database } from "@/lib/db/client";
import { bridgeChange } from "@/lib/live/live-hub";
import { caseParties } from "./case-parties";
import { checkClaimIds, juryCaseOpenedBy } from "./jury-link";
import type { Hex } from "viem";
import { isEvidenceOf } from "@/features/capsules/capsules-parts.repository";

const openCaseConflict = (capsuleId: number, caseId: number) =>
  new AppError("CONFLICT", `Capsule ${capsuleId} already has an open court case (case ${caseId}); add to that case instead`, {
    details: { caseId: String(caseId) },
  });

/**
 * POST /api/capsules/:id/dispute — a wallet with an active bond files the JuryCourt case it opened
 * (`openTxHash`, the fee paid) on a finalized capsule; the chain's label becomes `contested` and a jury
 * decides. Checks: 400 body (no openTxHash) → 404 → 403 bond → 409 state → 400 evidence and claims →
 * 400/403/409 opening transaction → 409 open case.
 */
export async function openDispute(db: Db, wallet: Address, capsuleId: number, body: TDisputeBody, now: number) {
  const capsule = await getCapsuleOrThrow(db, capsuleId);
  const bond = await bondOf(wallet);
  if (bond === 0n) {
    throw new AppError("INSUFFICIENT_BOND", `Opening a court case needs an active bond; ${wallet} has none deposited in RoleRegistry`, {
      details: { bonded: "0" },
    });
  }
  if (capsule.status !== "finalized") {
    throw new AppError("INVALID_STATE", `Capsule ${capsule.id} is ${capsule.status}; only a finalized capsule can be disputed`);
  }
  if (body.evidenceId !== undefined) {
    const evidence = await isEvidenceOf(db, body.evidenceId, capsule.id);
    if (!evidence) {
      throw new AppError("VALIDATION_ERROR", `Evidence ${body.evidenceId} is not an evidence item of capsule ${capsule.id}`, {
        issues: [{ path: "evidenceId", message: `not an evidence item of capsule ${capsule.id}` }],
      });
    }
  }
  const claimIds = body.claimIds ?? [];
  await checkClaimIds(db, capsule, claimIds);
  const jury = await juryCaseOpenedBy(db, wallet, capsule, claimIds, body.openTxHash as Hex);
  const at = await activityTime(now);
  const parties = await caseParties(db, capsule);
  let pushed: ReturnType<typeof bridgeChange> | undefined;
  try {
    const row = await db.transaction().execute(async (trx) => {
      const open = await findOpenCaseOfCapsule(trx, capsule.id);
      if (open) throw openCaseConflict(capsule.id, open.id);
      const created = await insertCase(trx, {
        capsule_id: capsule.id,
        root_capsule_id: capsule.root_capsule_id ?? capsule.id,
        outlet_id: capsule.outlet_id,
        outlet_slug: capsule.outlet_slug,
        opened_by: wallet,
        grounds: body.grounds,
        claim: body.claim ?? null,
        evidence_id: body.evidenceId ?? null,
        requested_label: body.requestedLabel ?? null,
        label_before: capsule.integrity_label,
        status: "open",
        verdict: null,
        rationale: null,
        decided_by: null,
        jury_case_id: jury.case_id,
        claim_ids_json: claimIds.length > 0 ? JSON.stringify(claimIds) : null,
        opened_at: at,
        closed_at: null,
      });
      await insertCaseEvent(trx, {
        caseId: created.id,
        kind: "opened",
        actor: wallet,
        details: { capsuleId: String(capsule.id), grounds: body.grounds, claim: body.claim ?? null, requestedLabel: body.requestedLabel ?? null, bond: bond.toString() },
        at,
      });
      if (body.evidenceId !== undefined) {
        await insertCaseEvent(trx, { caseId: created.id, kind: "evidence_named", actor: wallet, details: { evidenceId: String(body.evidenceId) }, at });
      }
      await applyLabel(trx, { capsuleId: capsule.id, label: "contested", by: wallet, reason: `court case ${created.id} opened`, caseId: created.id, at });
      // the outlet's reply is its evidence, in the jury's evidence period
      const told = { caseId: String(created.id), capsuleId: String(capsule.id), title: capsule.title };
      await insertActivity(trx, [
        { wallet, kind: "court.case_opened", outletSlug: capsule.outlet_slug, subjectId: String(created.id), details: { capsuleId: String(capsule.id) }, createdAt: at },
        // the inbox of the author and the outlet's editors (issue 13)
        ...parties.map((party) => ({ wallet: party, kind: "inbox.dispute_opened", outletSlug: capsule.outlet_slug, subjectId: String(created.id), details: { ...told, grounds: body.grounds }, createdAt: at })),
        { wallet: capsule.submitter, kind: "inbox.label_changed", outletSlug: capsule.outlet_slug, subjectId: String(capsule.id), details: { ...told, label: "contested", previousLabel: capsule.integrity_label }, createdAt: at },
      ]);
      pushed = bridgeChange(database(), { what: "court.case_opened", capsuleIds: [String(capsule.id)], caseIds: [String(created.id)], wallets: [wallet, ...parties] });
      await pushed.inTransaction(trx);
      return created;
    });
    pushed?.afterCommit();
    return caseDetail(db, row);
  } catch (error) {
    if (isUniqueViolation(error)) {
      const open = await findOpenCaseOfCapsule(db, capsule.id);
      if (open && open.jury_case_id !== jury.case_id) throw openCaseConflict(capsule.id, open.id);
      throw new AppError("CONFLICT", `The jury case ${jury.case_id} is already filed as a court case`);
    }
    throw error;
  }
}
