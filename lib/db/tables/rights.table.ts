import type { Generated, Insertable, Selectable } from "kysely";

export type LicenceType = "exclusive" | "non_exclusive" | "syndication" | "editorial_use";

/** A capsule's rights offered for licensing. */
export interface RightsListingTable {
  id: Generated<number>;
  capsule_id: number;
  outlet_id: number;
  outlet_slug: string;
  created_by: string;
  licence_type: LicenceType;
  /** ISO 3166-1 alpha-2 code or "worldwide". */
  territory: string;
  /** wei, decimal string */
  price: string;
  currency: "CAP";
  terms: string;
  expires_at: number | null;
  created_at: number;
  /** Who a licence's payment must reach; the creator unless set at creation. */
  payee: string | null;
  /** Chain head when the listing was created: a payment must be mined after it (null: listed before payments were checked). */
  created_block: number | null;
  /** When the seller withdrew it (no new licence; licences taken before stay valid); null while not withdrawn. */
  withdrawn_at: number | null;
  withdrawn_by: string | null;
}

/** A licence bought from a listing. */
export interface RightsLicenceTable {
  id: Generated<number>;
  listing_id: number;
  capsule_id: number;
  buyer: string;
  price: string;
  currency: "CAP";
  payment_tx_hash: string | null;
  exclusive_listing_id: number | null;
  created_at: number;
  /** The payment the bridge verified on the node (unique: one transaction, one licence); null when free or legacy. */
  verified_payment_tx_hash: string | null;
  payment_from: string | null;
  payment_to: string | null;
  /** wei actually transferred, decimal string */
  payment_value: string | null;
  payment_block: number | null;
}

export type EscrowStatus = "held" | "released" | "refunded";

/** LicenceEscrow's payments as the indexer projects them (Deposited, Released, Refunded). */
export interface LicenceEscrowPaymentTable {
  payment_id: number;
  listing_id: number;
  buyer: string;
  payee: string;
  /** wei, decimal string */
  amount: string;
  status: EscrowStatus;
  /** The payee's basis points of a release. */
  payee_bps: number | null;
  /** lost_race · refused · reclaimed */
  refund_reason: string | null;
  deposit_tx_hash: string;
  settle_tx_hash: string | null;
  deposited_at: number;
  settled_at: number | null;
}

export type EscrowSettlementAction = "release" | "refund";
export type EscrowRefundReason = "lost_race" | "refused";

/** The bridge's decision on an escrow payment (bridge SQL; the chain's outcome is in licence_escrow_payments). */
export interface LicenceEscrowSettlementTable {
  payment_id: number;
  listing_id: number;
  buyer: string;
  action: EscrowSettlementAction;
  refund_reason: EscrowRefundReason | null;
  /** The licence a release pays for. */
  licence_id: number | null;
  /** The operator transaction (operator_outbox) that releases or refunds. */
  tx_hash: string;
  created_at: number;
}

export interface RightsTables {
  rights_listings: RightsListingTable;
  rights_licences: RightsLicenceTable;
  licence_escrow_payments: LicenceEscrowPaymentTable;
  licence_escrow_settlements: LicenceEscrowSettlementTable;
}

export type RightsListingRow = Selectable<RightsListingTable>;
export type NewRightsListing = Insertable<RightsListingTable>;
export type RightsLicenceRow = Selectable<RightsLicenceTable>;
export type NewRightsLicence = Insertable<RightsLicenceTable>;
export type LicenceEscrowPaymentRow = Selectable<LicenceEscrowPaymentTable>;
export type NewLicenceEscrowPayment = Insertable<LicenceEscrowPaymentTable>;
export type LicenceEscrowSettlementRow = Selectable<LicenceEscrowSettlementTable>;
