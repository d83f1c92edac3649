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
  /** Checksummed address of the creating wallet. */
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

export interface OutletTables {
  outlets: OutletTable;
}

export type OutletRow = Selectable<OutletTable>;
export type NewOutlet = Insertable<OutletTable>;
export type OutletUpdate = Updateable<OutletTable>;
