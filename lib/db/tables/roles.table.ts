import type { Generated, Insertable, Selectable } from "kysely";

/** One grant of a role to a wallet at an outlet; revocation closes it, rows are never deleted. */
export interface OutletRoleTable {
  id: Generated<number>;
  outlet_id: number;
  outlet_slug: string;
  /** Checksummed address. */
  wallet: string;
  role_id: number;
  /** 1 when the role's bond was held and locked on chain; the owner's initial Editor role may start at 0. */
  bonded: number;
  granted_at: number;
  granted_by: string;
  revoked_at: number | null;
  revoked_by: string | null;
}

export interface RoleTables {
  outlet_roles: OutletRoleTable;
}

export type OutletRoleRow = Selectable<OutletRoleTable>;
export type NewOutletRole = Insertable<OutletRoleTable>;
