import type { Generated, Selectable } from "kysely";

/** Hashes of recent checkpoints (back to the finality depth), to locate a fork point. */
export interface ChainBlockTable {
  chain_id: number;
  block_number: number;
  block_hash: string;
}

/**
 * One row per reorg or rollback the indexer detected. `finished_at` null: rewinding now (or the
 * server died while it did; the next pass closes it). `outcome`: rewound | abandoned.
 */
export interface ChainReorgTable {
  id: Generated<number>;
  chain_id: number;
  detected_at: number;
  old_checkpoint: number;
  old_hash: string | null;
  node_head: number;
  fork_block: number | null;
  depth: number | null;
  events_removed: number | null;
  duration_ms: number | null;
  finished_at: number | null;
  outcome: string | null;
}

export interface IndexerTables {
  chain_blocks: ChainBlockTable;
  chain_reorgs: ChainReorgTable;
}

export type ChainReorgRow = Selectable<ChainReorgTable>;
