import type { DbOrTrx } from "@/lib/db/database";
import type { CapsuleRow } from "@/lib/db/tables/capsules.table";
import { ROLE } from "@/lib/roles/role-catalog";
import { findOutletBySlug } from "@/features/outlets/outlets.repository";
import { activeHoldersOf, holdersAt } from "@/features/roles/roles.repository";

/**
 * Who answers for a capsule in court (issue 13): its author (submitter), the outlet's owner and
 * its active Editors. They are told when a case opens and may file the reply.
 */
export async function caseParties(db: DbOrTrx, capsule: Pick<CapsuleRow, "submitter" | "outlet_slug">): Promise<string[]> {
  const [editors, outlet] = await Promise.all([activeHoldersOf(db, capsule.outlet_slug, ROLE.EDITOR), findOutletBySlug(db, capsule.outlet_slug)]);
  return [...new Set([capsule.submitter, ...(outlet ? [outlet.owner_wallet] : []), ...editors])];
}

/**
 * The same parties as they were at time `at` (a chain event's block time): the Editors whose grant was in force
 * then. Projectors use it, so a rebuild after roles changed tells the wallets the original run told.
 */
export async function casePartiesAt(db: DbOrTrx, capsule: Pick<CapsuleRow, "submitter" | "outlet_slug">, at: number): Promise<string[]> {
  const [editors, outlet] = await Promise.all([holdersAt(db, capsule.outlet_slug, ROLE.EDITOR, at), findOutletBySlug(db, capsule.outlet_slug)]);
  return [...new Set([capsule.submitter, ...(outlet ? [outlet.owner_wallet] : []), ...editors])];
}
