import type { Address } from "viem";
import type { Db } from "@/lib/db/database";
import { closeClerkCaseUndecided, insertCaseEvent, listOpenClerkCases } from "@/features/court/court.repository";
import { getCapsuleOrThrow } from "@/features/capsules/capsules.repository";
import { insertActivity } from "@/features/wallet/activity.repository";
import { CLERK_CASE_RETIRED } from "@/features/court/clerk-retirement";
import { labelAfterCase, restoreLabel } from "./case-labels";
import { caseParties } from "./case-parties";

/**
 * The clerk court is retired (a jury decides every dispute): each clerk case an older version left
 * open closes with no verdict, the capsule's label goes back to what it was before the case, the case's
 * timeline says so, and its challenger and parties are told they may open a jury case. Run once at start
 * by the leader; safe to run again and on several servers at once: a case is closed by one conditional
 * update whose transaction holds the label change, the timeline entry and the inbox entries, so a case
 * another server retired first is skipped. Answers the ids of the cases this call retired.
 */
export async function retireClerkCases(db: Db, by: Address, now: number): Promise<number[]> {
  const retired: number[] = [];
  for (const open of await listOpenClerkCases(db)) {
    const capsule = await getCapsuleOrThrow(db, open.capsule_id);
    const parties = await caseParties(db, capsule);
    const done = await db.transaction().execute(async (trx) => {
      const closed = await closeClerkCaseUndecided(trx, open.id, { rationale: CLERK_CASE_RETIRED, closed_at: now });
      if (!closed) return false;
      const { restore, after } = await labelAfterCase(trx, closed);
      await insertCaseEvent(trx, { caseId: open.id, kind: "retired", actor: by, details: { reason: CLERK_CASE_RETIRED, labelRestored: restore }, at: now });
      // the label history, partner events and the case's label_changed entry, as for any label change
      if (restore) await restoreLabel(trx, closed, restore, { by, reason: `court case ${open.id} ended without a finding: the clerk court was retired`, at: now });
      const told = { caseId: String(open.id), capsuleId: String(capsule.id), title: capsule.title, label: after };
      const wallets = [...new Set([open.opened_by, ...parties])];
      await insertActivity(
        trx,
        wallets.map((wallet) => ({ wallet, kind: "inbox.case_retired", outletSlug: open.outlet_slug, subjectId: String(open.id), details: told, createdAt: now })),
      );
      return true;
    });
    if (done) retired.push(open.id);
  }
  return retired;
}
