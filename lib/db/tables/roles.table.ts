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

/** "expired": a pending offer past its expiry, closed when a new offer of the same role to the same wallet replaces it. */
export type RoleOfferStatus = "pending" | "accepted" | "declined" | "withdrawn" | "expired";

/** A role offered to another wallet; it takes effect only when that wallet accepts (rows are kept). */
export interface RoleOfferTable {
  id: Generated<number>;
  outlet_id: number;
  outlet_slug: string;
  /** Checksummed address of the grantee. */
  wallet: string;
  role_id: number;
  offered_by: string;
  offered_at: number;
  /** A pending offer past this time is expired (seconds, the later of wall and chain clock). */
  expires_at: number;
  status: RoleOfferStatus;
  closed_at: number | null;
  closed_by: string | null;
}

export interface RoleTables {
  outlet_roles: OutletRoleTable;
  role_offers: RoleOfferTable;
}

export type OutletRoleRow = Selectable<OutletRoleTable>;
export type NewOutletRole = Insertable<OutletRoleTable>;
export type RoleOfferRow = Selectable<RoleOfferTable>;
