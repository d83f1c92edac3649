import "server-only";
import type { Address } from "viem";
import type { Db } from "@/lib/db/database";
import { getCapsuleOrThrow } from "@/lib/db/repositories/capsules.repository";
import { findOpenCaseOfCapsule, insertCase, insertCaseEvent } from "@/lib/db/repositories/court.repository";
import { insertActivity } from "@/lib/db/repositories/activity.repository";
import { AppError } from "@/lib/errors/app-error";
import { activityTime } from "@/lib/services/roles/role-registry-chain";
import type { TDisputeBody } from "@/lib/schemas/court";
import { bondOf } from "./court-chain";
import { caseDetail } from "./case-view";
import { applyLabel } from "./labels";

const openCaseConflict = (capsuleId: number, caseId: number) =>
  new AppError("CONFLICT", `Capsule ${capsuleId} already has an open court case (case ${caseId}); add to that case instead`, {
    details: { caseId: String(caseId) },
  });

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  return e?.code === "23505" || e?.code === "SQLITE_CONSTRAINT_UNIQUE" || /UNIQUE constraint failed/.test(e?.message ?? "");
}

/**
 * POST /api/capsules/:id/dispute — a wallet with an active bond opens a case on a finalized
 * capsule; the chain's label becomes `contested`. Checks: 404 → 403 bond → 409 state → 400 evidence → 409 open case.
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
    const evidence = await db
      .selectFrom("capsule_evidence")
      .select("id")
      .where("id", "=", body.evidenceId)
      .where("capsule_id", "=", capsule.id)
      .executeTakeFirst();
    if (!evidence) {
      throw new AppError("VALIDATION_ERROR", `Evidence ${body.evidenceId} is not an evidence item of capsule ${capsule.id}`, {
        issues: [{ path: "evidenceId", message: `not an evidence item of capsule ${capsule.id}` }],
      });
    }
  }
  const at = await activityTime(now);
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
      await insertActivity(trx, [
        { wallet, kind: "court.case_opened", outletSlug: capsule.outlet_slug, subjectId: String(created.id), details: { capsuleId: String(capsule.id) }, createdAt: at },
      ]);
      return created;
    });
    return caseDetail(db, row);
  } catch (error) {
    if (isUniqueViolation(error)) {
      const open = await findOpenCaseOfCapsule(db, capsule.id);
      if (open) throw openCaseConflict(capsule.id, open.id);
    }
    throw error;
  }
}
