import type { Address } from "viem";
import type { DbOrTrx } from "@/lib/db/database";
import type { OutletRow } from "@/lib/db/tables/outlets.table";
import { findActiveRole } from "@/features/roles/roles.repository";
import { AppError } from "@/lib/errors/app-error";
import { ROLE } from "@/lib/roles/role-catalog";

/** Owner or active Editor of the outlet may verify it and grant or revoke its roles. */
export async function canManageOutlet(db: DbOrTrx, outlet: OutletRow, actor: Address): Promise<boolean> {
  if (outlet.owner_wallet === actor) return true;
  return (await findActiveRole(db, outlet.id, actor, ROLE.EDITOR)) !== undefined;
}

export async function assertCanManageOutlet(db: DbOrTrx, outlet: OutletRow, actor: Address, what: string): Promise<void> {
  if (!(await canManageOutlet(db, outlet, actor))) {
    throw new AppError("FORBIDDEN", `Only the owner or an Editor of outlet "${outlet.slug}" may ${what}`);
  }
}
