import "server-only";
import type { Address } from "viem";
import { database } from "@/lib/db/client";
import type { Db } from "@/lib/db/database";
import { getCapsuleOrThrow } from "@/features/capsules/capsules.repository";
import { fileReply, findReply } from "@/features/court/court-replies.repository";
import { getCaseOrThrow, insertCaseEvent } from "@/features/court/court.repository";
import { insertActivity } from "@/features/wallet/activity.repository";
import { AppError } from "@/lib/errors/app-error";
import { bridgeChange } from "@/lib/live/live-hub";
import type { TReplyBody } from "@/features/court/court-reply.schema";
import { activityTime } from "@/lib/chain/server/role-registry-reads";
import { caseDetail } from "./case-view";
import { caseParties } from "./case-parties";

/**
 * POST /api/court/case/:id/reply — the author or an editor answers the case (the route checked
 * who) of a clerk case opened with a reply window. One reply per case, while the case is open. A jury
 * case takes the outlet's evidence instead. Checks: 409 closed → 409 jury case → 409 no window → 409 already replied.
 */
export async function fileCaseReply(db: Db, wallet: Address, caseId: number, body: TReplyBody, now: number) {
  const courtCase = await getCaseOrThrow(db, caseId);
  if (courtCase.status !== "open") throw new AppError("INVALID_STATE", `Court case ${caseId} is ${courtCase.status}; a reply can only be filed while the case is open`);
  if (courtCase.jury_case_id !== null) {
    throw new AppError("INVALID_STATE", `Court case ${caseId} is decided by a jury: the outlet answers with its evidence in the evidence period (POST /api/court/case/${caseId}/evidence), not with a reply`);
  }
  const window = await findReply(db, caseId);
  if (!window) throw new AppError("INVALID_STATE", `Court case ${caseId} was opened before the right of reply existed; it takes no reply`);
  const alreadyReplied = () => new AppError("CONFLICT", `Court case ${caseId} already has its reply (filed by ${window.replied_by ?? "another party"}); one reply per case`);
  if (window.replied_at !== null) throw alreadyReplied();
  const capsule = await getCapsuleOrThrow(db, courtCase.capsule_id);
  const parties = await caseParties(db, capsule);
  const at = await activityTime(now);
  const pushed = bridgeChange(database(), { what: "court.reply", capsuleIds: [String(capsule.id)], caseIds: [String(caseId)], wallets: [courtCase.opened_by, ...parties] });
  const row = await db.transaction().execute(async (trx) => {
    if (!(await fileReply(trx, caseId, { by: wallet, text: body.reply, evidenceJson: JSON.stringify(body.evidence), at }))) throw alreadyReplied();
    await insertCaseEvent(trx, { caseId, kind: "reply", actor: wallet, details: { reply: body.reply, evidence: body.evidence }, at });
    const details = { caseId: String(caseId), capsuleId: String(capsule.id), title: capsule.title, repliedBy: wallet };
    await insertActivity(trx, [
      { wallet, kind: "court.reply", outletSlug: capsule.outlet_slug, subjectId: String(caseId), details, createdAt: at },
      ...[courtCase.opened_by, ...parties.filter((p) => p !== wallet)].map((party) => ({ wallet: party, kind: "inbox.reply_filed", outletSlug: capsule.outlet_slug, subjectId: String(caseId), details, createdAt: at })),
    ]);
    await pushed.inTransaction(trx);
    return getCaseOrThrow(trx, caseId);
  });
  pushed.afterCommit();
  return caseDetail(db, row);
}
