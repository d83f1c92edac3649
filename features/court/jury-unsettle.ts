import type { Trx } from "@/lib/db/database";
import { findCapsule, labelChain } from "@/features/capsules/capsules.repository";
import { recordLabelChanged } from "@/features/partners/partner-events";
import { insertActivity } from "@/features/wallet/activity.repository";
import { casePartiesAt } from "./case-parties";
import { deleteSettlementRows, juryClosedCases, penaltyTxsOffChain, reopenCase, settlementLabelChanges, withdrawPenaltyTxs } from "./jury-settlement.repository";

/**
 * After a rewind (or a rebuild) has replayed the chain: every court case a jury settlement closed whose CaseFinal the
 * projection no longer holds (the jury case is not final, or final at another time) is opened again, and what the
 * settlement wrote goes with it — the verdict or no-finding entry, the label it put on the article (the label before
 * it comes back, unless something else changed the label since), the parties' inbox entries and, when its transaction
 * is not on the chain any more, the penalty (its row, its entry, the outlet wallet's activity and its outbox row,
 * so the worker does not broadcast it again). The parties the settlement told (the challenger, the author, the owner
 * and the Editors in force at the final time it was dated at, casePartiesAt) get an `inbox.case_reopened` entry
 * saying the decision was withdrawn; like the settlement's own entries it has no transaction, so a rewind's reset
 * leaves it and a rebuild (which finds the case open already) does not write it again. The leader settles the case
 * again once a CaseFinal is indexed (unfiled-jury-cases.ts). Answers the court case ids it opened again.
 */
export async function reopenUnbackedSettlements(trx: Trx, now: number): Promise<number[]> {
  const reopened: number[] = [];
  for (const closed of await juryClosedCases(trx)) {
    if (closed.jury_period === "final" && closed.jury_final_at === closed.closed_at) continue;
    const [change] = await settlementLabelChanges(trx, closed);
    // after the settlement's own time, so a read remembered for the settled label is not taken for this one
    const at = Math.max(now, (closed.closed_at ?? 0) + 1);
    const penaltyTxs = await penaltyTxsOffChain(trx, closed.id);
    await deleteSettlementRows(trx, closed, penaltyTxs);
    await withdrawPenaltyTxs(trx, penaltyTxs);
    await reopenCase(trx, closed.id);
    const capsule = await findCapsule(trx, closed.capsule_id);
    if (capsule) {
      const told = [...new Set([closed.opened_by, ...(await casePartiesAt(trx, capsule, closed.closed_at ?? at))])];
      const details = { caseId: String(closed.id), capsuleId: String(capsule.id), title: capsule.title, withdrawnVerdict: closed.verdict };
      await insertActivity(trx, told.map((wallet) => ({ wallet, kind: "inbox.case_reopened", outletSlug: closed.outlet_slug, subjectId: String(closed.id), details, createdAt: at })));
    }
    if (change && capsule && capsule.integrity_label === change.label) {
      await labelChain(trx, change.root_capsule_id, change.previous_label, at);
      const reason = `court case ${closed.id} is open again: the chain no longer holds its final finding`;
      await recordLabelChanged(trx, { capsule, label: change.previous_label, previous: change.label, reason, caseId: closed.id, at, source: `court:${closed.id}:${capsule.id}:reopened:${at}` });
    }
    reopened.push(closed.id);
  }
  return reopened;
}
