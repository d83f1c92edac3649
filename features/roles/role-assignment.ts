import type { OutletRoleRow } from "@/lib/db/tables/roles.table";
import { roleDefinition } from "@/lib/roles/role-catalog";
import { ZRoleAssignment, type TRoleAssignment } from "@/features/roles/roles.schema";
import type { BondState } from "@/lib/chain/server/role-registry-reads";

/** `outletName`: the outlet's display name (a role row carries only its slug). */
export function roleAssignment(row: OutletRoleRow, outletName: string): TRoleAssignment {
  return ZRoleAssignment.parse({
    assignmentId: String(row.id),
    outletId: String(row.outlet_id),
    outletSlug: row.outlet_slug,
    outletName,
    wallet: row.wallet,
    roleId: row.role_id,
    name: roleDefinition(row.role_id)?.name ?? `Role ${row.role_id}`,
    bonded: row.bonded === 1,
    grantedAt: String(row.granted_at),
    grantedBy: row.granted_by,
    revokedAt: row.revoked_at === null ? null : String(row.revoked_at),
    revokedBy: row.revoked_by,
  });
}

export const bondView = (bond: BondState) => ({
  bonded: bond.bonded.toString(),
  locked: bond.locked.toString(),
  unlocked: (bond.bonded > bond.locked ? bond.bonded - bond.locked : 0n).toString(),
});
