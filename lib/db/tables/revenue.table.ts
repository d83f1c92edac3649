import type { Generated, Insertable, Selectable } from "kysely";

export type RevenueSource = "ad" | "licence";
/** outlet: the outlet's part of ad revenue (its owner's wallet) · payee: a licence listing's payee · contributor: by shareBps. */
export type RevenueParty = "outlet" | "payee" | "contributor";

/**
 * What a wallet earned, one row per recipient of each charged ad impression (written by the ads
 * service) or each transfer of a licence payment released from escrow (projected by the indexer from
 * LicenceEscrow's Paid events; source_key `<txHash>:<logIndex>`).
 */
export interface RevenueLedgerTable {
  id: Generated<number>;
  wallet: string;
  source: RevenueSource;
  /** The ad impression id, or the escrow payment id. */
  source_id: string;
  capsule_id: number | null;
  outlet_slug: string | null;
  party: RevenueParty;
  /** The recipient's basis points of the contributors' part (0 for the outlet or payee). */
  share_bps: number;
  /** wei, decimal string */
  amount: string;
  tx_hash: string | null;
  source_key: string | null;
  created_at: number;
}

export interface RevenueTables {
  revenue_ledger: RevenueLedgerTable;
}

export type RevenueLedgerRow = Selectable<RevenueLedgerTable>;
export type NewRevenueLedgerRow = Insertable<RevenueLedgerTable>;
