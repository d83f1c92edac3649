import type { DbOrTrx } from "@/lib/db/database";
import type { CapsuleRow } from "@/lib/db/tables/capsules.table";
import { ROLE } from "@/lib/roles/role-catalog";

/**
 * Who answers for a capsule in court (issue 13): its author (submitter), the outlet's owner and
 * its active Editors. They are told when a case opens and may file the reply.
 */
export async function caseParties(db: DbOrTrx, capsule: Pick<CapsuleRow, "submitter" | "outlet_slug">): Promise<string[]> {
  const editors = await db
    .selectFrom("outlet_roles")
    .select("wallet")
    .where("outlet_slug", "=", capsule.outlet_slug)
    .where("role_id", "=", ROLE.EDITOR)
    .where("revoked_at", "is", null)
    .execute();
  const owner = await db.selectFrom("outlets").select("owner_wallet").where("slug", "=", capsule.outlet_slug).executeTakeFirst();
  return [...new Set([capsule.submitter, ...(owner ? [owner.owner_wallet] : []), ...editors.map((e) => e.wallet)])];
}
