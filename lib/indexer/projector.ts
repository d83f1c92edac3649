import type { Trx } from "@/lib/db/database";

// A decoded contract log as the indexer hands it to projectors. Values are JSON-safe:
// uint256 → decimal string, address → checksummed, bytes → 0x-hex.
export type IndexedEvent = {
  chainId: number;
  contract: string;
  address: string;
  eventName: string;
  args: Record<string, string | boolean | number>;
  blockNumber: number;
  blockHash: string;
  blockTime: number;
  txHash: string;
  logIndex: number;
};

/** Turns one newly indexed event into SQL rows, inside the indexer's transaction. Must be deterministic. */
export type Projector = (trx: Trx, event: IndexedEvent) => Promise<void>;

/**
 * Clears what a projector derived from the chain, inside a rebuild's transaction, before the
 * chain is replayed; answers what to put back after the replay (state the chain cannot restore).
 */
export type ProjectionReset = (trx: Trx) => Promise<(trx: Trx) => Promise<void>>;
