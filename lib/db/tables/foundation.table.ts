import type { Generated, Insertable, Selectable } from "kysely";

export interface AuthNonceTable {
  nonce: string;
  wallet: string;
  action: string;
  expires_at: number;
  used_at: number;
}

export interface RateLimitCounterTable {
  bucket: string;
  window_start: number;
  count: number;
  expires_at: number;
}

export interface ChainCheckpointTable {
  name: string;
  chain_id: number;
  block_number: number;
  block_hash: string | null;
  updated_at: number;
}

/** Raw projection of every indexed contract log; unique on (chain_id, tx_hash, log_index). */
export interface ChainEventTable {
  id: Generated<number>;
  chain_id: number;
  block_number: number;
  block_hash: string;
  block_time: number;
  tx_hash: string;
  log_index: number;
  address: string;
  event_name: string;
  args_json: string;
}

export interface ActivityTable {
  id: Generated<number>;
  wallet: string;
  kind: string;
  outlet_slug: string | null;
  subject_id: string | null;
  details_json: string;
  tx_hash: string | null;
  created_at: number;
}

export interface FoundationTables {
  auth_nonces: AuthNonceTable;
  rate_limit_counters: RateLimitCounterTable;
  chain_checkpoints: ChainCheckpointTable;
  chain_events: ChainEventTable;
  activity: ActivityTable;
}

export type ChainEventRow = Selectable<ChainEventTable>;
export type NewChainEvent = Insertable<ChainEventTable>;
export type ActivityRow = Selectable<ActivityTable>;
export type NewActivity = Insertable<ActivityTable>;
