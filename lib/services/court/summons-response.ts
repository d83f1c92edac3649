import type { DbOrTrx } from "@/lib/db/database";
import { outletCasesPastEvidence, outletEditorDraws } from "@/lib/db/repositories/jury.repository";
import { ROLE } from "@/lib/roles/role-catalog";

/**
 * How an outlet answers the jury court's summons (issue 28, item 8), as the distribution tier's factor
 * "response to court summons" counts it. One summons per case on the outlet's capsules whose first
 * evidence period is over (answered when the outlet's side submitted evidence in it: its reply), and one
 * per round in which a wallet that was an Editor of the outlet when drawn sat as a juror and whose reveal
 * period is over (answered when it revealed). Periods still running count for neither number.
 */
export async function summonsResponse(db: DbOrTrx, outletId: number): Promise<{ summoned: number; answered: number }> {
  const [cases, draws] = await Promise.all([outletCasesPastEvidence(db, outletId), outletEditorDraws(db, outletId, ROLE.EDITOR)]);
  return {
    summoned: cases.length + draws.length,
    answered: cases.filter((c) => c.replied).length + draws.filter((d) => d.revealed).length,
  };
}
