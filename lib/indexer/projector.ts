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

/**
 * Turns one newly indexed event into SQL rows, inside the indexer's transaction. Must be deterministic.
 * `runs` optionally projects a run of consecutive events of one kind (`contract:eventName`) at once,
 * with the same result as one by one; for such a kind, other projectors must not depend on its rows.
 */
export type Projector = ((trx: Trx, event: IndexedEvent) => Promise<void>) & {
  runs?: Readonly<Record<string, (trx: Trx, events: IndexedEvent[]) => Promise<void>>>;
};

export const eventKind = (event: IndexedEvent) => `${event.contract}:${event.eventName}`;

/**
 * Clears what a projector derived from the chain, inside a rebuild's transaction, before the
 * chain is replayed; answers what to put back after the replay (state the chain cannot restore).
 */
export type ProjectionReset = (trx: Trx) => Promise<(trx: Trx) => Promise<void>>;
