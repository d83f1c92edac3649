import type { DbOrTrx } from "@/lib/db/database";
import type { CapsuleRow } from "@/lib/db/tables/capsules.table";
import { ROLE } from "@/lib/roles/role-catalog";
import { findOutletBySlug } from "@/features/outlets/outlets.repository";
import { activeHoldersOf } from "@/features/roles/roles.repository";

/**
 * Who answers for a capsule in court (issue 13): its author (submitter), the outlet's owner and
 * its active Editors. They are told when a case opens and may file the reply.
 */
export async function caseParties(db: DbOrTrx, capsule: Pick<CapsuleRow, "submitter" | "outlet_slug">): Promise<string[]> {
  const [editors, outlet] = await Promise.all([activeHoldersOf(db, capsule.outlet_slug, ROLE.EDITOR), findOutletBySlug(db, capsule.outlet_slug)]);
  return [...new Set([capsule.submitter, ...(outlet ? [outlet.owner_wallet] : []), ...editors])];
}
