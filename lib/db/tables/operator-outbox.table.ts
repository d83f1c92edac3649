import type { Generated, Insertable, Selectable } from "kysely";

/**
 * queued: signed and stored, not yet accepted by the node · sent: broadcast, no receipt yet ·
 * mined: receipt with status success · failed: mined and reverted (error_* say why) ·
 * replaced: another transaction took the nonce, so this one can never be mined.
 */
export const outboxStatuses = ["queued", "sent", "mined", "failed", "replaced"] as const;
export type OutboxStatus = (typeof outboxStatuses)[number];

export interface OperatorOutboxTable {
  id: Generated<number>;
  chain_id: number;
  sender: string;
  nonce: number;
  tx_hash: string;
  raw_tx: string;
  purpose: string;
  contract: string;
  function_name: string;
  capsule_id: number | null;
  case_id: number | null;
  role_id: number | null;
  wallet: string | null;
  status: OutboxStatus;
  broadcasts: Generated<number>;
  block_number: number | null;
  error_code: string | null;
  error_name: string | null;
  error_message: string | null;
  /** JSON of what the receipt completes (purpose-specific), or null. */
  intent_json: string | null;
  created_at: number;
  updated_at: number;
}

export interface OperatorOutboxTables {
  operator_outbox: OperatorOutboxTable;
}

export type OutboxRow = Selectable<OperatorOutboxTable>;
export type NewOutboxRow = Insertable<OperatorOutboxTable>;
