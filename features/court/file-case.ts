import "server-only";
import type { Db } from "@/lib/db/database";
import type { CapsuleRow } from "@/lib/db/tables/capsules.table";
import type { CourtCaseRow } from "@/lib/db/tables/court.table";
import { findOpenCaseOfCapsule, insertCase, insertCaseEvent } from "@/features/court/court.repository";
import { insertActivity } from "@/features/wallet/activity.repository";
import { AppError } from "@/lib/errors/app-error";
import { isUniqueViolation } from "@/lib/errors/unique-violation";
import { database } from "@/lib/db/client";
import { bridgeChange } from "@/lib/live/live-hub";
import { applyLabel } from "./labels";
import { labelBeforeContest } from "./case-labels";

// A court case is filed for a JuryCourt case in one SQL transaction: the case, its opening entry, the
// `contested` label on the capsule's chain, the opener's activity and the parties' inboxes, and the
// live change. Its challenger files it with grounds (open-dispute.ts); the leader files one its
// challenger left unfiled (unfiled-jury-cases.ts), so a case open on chain is never hidden from readers.

export type CaseFiling = {
  capsule: CapsuleRow;
  opener: string;
  juryCaseId: number;
  claimIds: readonly number[];
  grounds: string;
  claim: string | null;
  evidenceId: number | null;
  requestedLabel: CourtCaseRow["requested_label"];
  /** The opener's bond when it filed (for the timeline), or null when the bridge filed it. */
  bond: string | null;
  parties: string[];
  at: number;
};

export const openCaseConflict = (capsuleId: number, caseId: number) =>
  new AppError("CONFLICT", `Capsule ${capsuleId} already has an open court case (case ${caseId}); add to that case instead`, {
    details: { caseId: String(caseId) },
  });

export const openedDetails = (filing: Pick<CaseFiling, "capsule" | "grounds" | "claim" | "requestedLabel" | "bond">) => ({
  capsuleId: String(filing.capsule.id),
  grounds: filing.grounds,
  claim: filing.claim,
  requestedLabel: filing.requestedLabel,
  ...(filing.bond !== null ? { bond: filing.bond } : {}),
});

export async function fileCourtCase(db: Db, filing: CaseFiling): Promise<CourtCaseRow> {
  const { capsule, opener, at } = filing;
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
        opened_by: opener,
        grounds: filing.grounds,
        claim: filing.claim,
        evidence_id: filing.evidenceId,
        requested_label: filing.requestedLabel,
        label_before: await labelBeforeContest(trx, capsule),
        status: "open",
        verdict: null,
        rationale: null,
        decided_by: null,
        jury_case_id: filing.juryCaseId,
        claim_ids_json: filing.claimIds.length > 0 ? JSON.stringify(filing.claimIds) : null,
        opened_at: at,
        closed_at: null,
      });
      await insertCaseEvent(trx, { caseId: created.id, kind: "opened", actor: opener, details: openedDetails(filing), at });
      if (filing.evidenceId !== null) {
        await insertCaseEvent(trx, { caseId: created.id, kind: "evidence_named", actor: opener, details: { evidenceId: String(filing.evidenceId) }, at });
      }
      await applyLabel(trx, { capsuleId: capsule.id, label: "contested", by: opener, reason: `court case ${created.id} opened`, caseId: created.id, at });
      // the outlet's reply is its evidence, in the jury's evidence period
      const told = { caseId: String(created.id), capsuleId: String(capsule.id), title: capsule.title };
      await insertActivity(trx, [
        { wallet: opener, kind: "court.case_opened", outletSlug: capsule.outlet_slug, subjectId: String(created.id), details: { capsuleId: String(capsule.id) }, createdAt: at },
        // the inbox of the author and the outlet's editors (issue 13)
        ...filing.parties.map((party) => ({ wallet: party, kind: "inbox.dispute_opened", outletSlug: capsule.outlet_slug, subjectId: String(created.id), details: { ...told, grounds: filing.grounds }, createdAt: at })),
        { wallet: capsule.submitter, kind: "inbox.label_changed", outletSlug: capsule.outlet_slug, subjectId: String(capsule.id), details: { ...told, label: "contested", previousLabel: capsule.integrity_label }, createdAt: at },
      ]);
      pushed = bridgeChange(database(), { what: "court.case_opened", capsuleIds: [String(capsule.id)], caseIds: [String(created.id)], wallets: [opener, ...filing.parties] });
      await pushed.inTransaction(trx);
      return created;
    });
    pushed?.afterCommit();
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) {
      const open = await findOpenCaseOfCapsule(db, capsule.id);
      if (open && open.jury_case_id !== filing.juryCaseId) throw openCaseConflict(capsule.id, open.id);
      throw new AppError("CONFLICT", `The jury case ${filing.juryCaseId} is already filed as a court case`);
    }
    throw error;
  }
}
