import type { Generated, Insertable, Selectable, Updateable } from "kysely";

export type OutletStatus = "pending" | "active" | "suspended";
export type VerificationResult = "verified" | "no_record" | "wrong_token" | "wrong_value" | "wrong_name" | "timeout" | "dns_error";

export interface OutletTable {
  id: Generated<number>;
  slug: string;
  name: string;
  domain: string;
  description: string | null;
  metadata_uri: string | null;
  /** Checksummed address of the owner: the creating wallet, until it hands the outlet over (outlet_ownership_offers). */
  owner_wallet: string;
  status: OutletStatus;
  policy_id: string;
  /** 32 random bytes, hex; published as TXT `capsule-verification=<token>` (not a credential). */
  verification_token: string;
  verified_at: number | null;
  first_verified_at: number | null;
  last_checked_at: number | null;
  last_result: VerificationResult | null;
  created_at: number;
  updated_at: number;
}

/**
 * The forms an outlet's name is compared in for look-alikes (lib/outlets/name-skeleton.ts), one row per form; the
 * primary key lets one outlet alone hold a form. Outlets whose names collided before the rule: the older holds it.
 */
export interface OutletNameSkeletonTable {
  skeleton: string;
  outlet_id: number;
}

export type OwnershipOfferStatus = "pending" | "accepted" | "declined" | "withdrawn";

/** The owner's offer of the outlet to one of its Editors; the owner changes only when that Editor accepts (rows are kept). */
export interface OutletOwnershipOfferTable {
  id: Generated<number>;
  outlet_id: number;
  outlet_slug: string;
  /** Checksummed address of the Editor it is offered to. */
  wallet: string;
  /** The owner who offered it. */
  offered_by: string;
  offered_at: number;
  status: OwnershipOfferStatus;
  closed_at: number | null;
  closed_by: string | null;
}

export interface OutletTables {
  outlets: OutletTable;
  outlet_name_skeletons: OutletNameSkeletonTable;
  outlet_ownership_offers: OutletOwnershipOfferTable;
}

export type OwnershipOfferRow = Selectable<OutletOwnershipOfferTable>;

export type OutletRow = Selectable<OutletTable>;
export type NewOutlet = Insertable<OutletTable>;
/** What may change in place; a name (and its look-alike forms) or a slug does not. */
export type OutletUpdate = Omit<Updateable<OutletTable>, "id" | "slug" | "name">;
