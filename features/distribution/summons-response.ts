import type { DbOrTrx } from "@/lib/db/database";
import { outletCasesPastEvidence, outletEditorDraws } from "@/features/court/jury.repository";
import { outletClerkReplyWindows } from "@/features/court/court-replies.repository";
import { ROLE } from "@/lib/roles/role-catalog";

/**
 * Court summons of an outlet and how many it answered, for the tier factor "response to court
 * summons". Three kinds, none read from a clock, so the count is the same on every server and
 * after a rebuild:
 * - a clerk case on one of its capsules summons it to reply (the right-of-reply window); it counts
 *   once a reply was filed or the case was decided (not when it was retired unanswered), and is answered when the reply came within the window;
 * - a jury case on one of its capsules whose first evidence period is over; answered when the
 *   outlet's side submitted evidence in it (its reply);
 * - a round in which one of its Editors sat as a drawn juror and whose reveal period is over;
 *   answered when that juror revealed.
 */
export async function summonsResponse(db: DbOrTrx, outletId: number): Promise<{ summoned: number; answered: number }> {
  const [replies, cases, draws] = await Promise.all([
    outletClerkReplyWindows(db, outletId),
    outletCasesPastEvidence(db, outletId),
    outletEditorDraws(db, outletId, ROLE.EDITOR),
  ]);
  const repliedInTime = replies.filter((r) => r.replied_at !== null && Number(r.replied_at) <= Number(r.due_at)).length;
  return {
    summoned: replies.length + cases.length + draws.length,
    answered: repliedInTime + cases.filter((c) => c.replied).length + draws.filter((d) => d.revealed).length,
  };
}
