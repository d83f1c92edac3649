import "server-only";
import type { Address } from "viem";
import type { Db } from "@/lib/db/database";
import { getCapsuleOrThrow } from "@/features/capsules/capsules.repository";
import { isReadersVersion } from "@/features/capsules/readers-version";
import { fileGrounds, findCaseOfJuryCase, insertCaseEvent } from "@/features/court/court.repository";
import { AppError } from "@/lib/errors/app-error";
import { activityTime } from "@/lib/chain/server/role-registry-reads";
import type { TDisputeBody } from "@/features/court/court.schema";
import { bondOf } from "./court-chain";
import { caseDetail } from "./case-view";
import { database } from "@/lib/db/client";
import { bridgeChange } from "@/lib/live/live-hub";
import { fileCourtCase, openedDetails, type CaseFiling } from "./file-case";
import { UNFILED_GROUNDS } from "./unfiled-grounds";
import { caseParties } from "./case-parties";
import { checkClaimIds, juryCaseOpenedBy } from "./jury-link";
import type { Hex } from "viem";
import { isEvidenceOf } from "@/features/capsules/capsules-parts.repository";

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
    throw new AppError("INSUFFICIENT_BOND", `Opening a court case needs an active bond; ${wallet} has none deposited (deposit one on the Bonds page)`, {
      details: { bonded: "0" },
    });
  }
  if (!(await isReadersVersion(db, capsule))) {
    throw new AppError(
      "INVALID_STATE",
      capsule.status === "superseded" ? `Capsule ${capsule.id} is superseded by a later version; dispute the version readers see` : `Capsule ${capsule.id} is ${capsule.status}; only a finalized capsule can be disputed`,
    );
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
  const filing = {
    capsule,
    opener: wallet,
    juryCaseId: jury.case_id,
    claimIds,
    grounds: body.grounds,
    claim: body.claim ?? null,
    evidenceId: body.evidenceId ?? null,
    requestedLabel: body.requestedLabel ?? null,
    bond: bond.toString(),
    parties,
    at,
  };
  // the bridge filed this case on its own while its challenger had not: the challenger's grounds replace its placeholder
  const filed = await findCaseOfJuryCase(db, jury.case_id);
  if (filed && filed.status === "open" && filed.grounds === UNFILED_GROUNDS && filed.opened_by === wallet) return fileLateGrounds(db, filed.id, filing);
  return caseDetail(db, await fileCourtCase(db, filing));
}

/** The challenger's grounds for a case the bridge filed without them (same case, same label, its opening entry rewritten). */
async function fileLateGrounds(db: Db, courtCaseId: number, filing: CaseFiling) {
  const pushed = bridgeChange(database(), { what: "court.case_opened", capsuleIds: [String(filing.capsule.id)], caseIds: [String(courtCaseId)], wallets: [filing.opener, ...filing.parties] });
  const row = await db.transaction().execute(async (trx) => {
    const updated = await fileGrounds(trx, courtCaseId, { grounds: filing.grounds, claim: filing.claim, evidence_id: filing.evidenceId, requested_label: filing.requestedLabel }, openedDetails(filing));
    if (filing.evidenceId !== null) await insertCaseEvent(trx, { caseId: courtCaseId, kind: "evidence_named", actor: filing.opener, details: { evidenceId: String(filing.evidenceId) }, at: filing.at });
    await pushed.inTransaction(trx);
    return updated;
  });
  pushed.afterCommit();
  return caseDetail(db, row);
}
