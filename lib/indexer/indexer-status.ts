import type { DbOrTrx } from "@/lib/db/database";
import { leadershipState } from "@/lib/leadership/leadership-state";
import { readCheckpoint } from "./checkpoint-repository";
import { indexerRuntime } from "./indexer-runtime";
import { readReorgState } from "./reorg-repository";

export type IndexerStatusName = "not_started" | "synced" | "behind" | "rewinding" | "unknown";

/** Within this many blocks of the node's head the projection counts as synced. */
export const SYNCED_WITHIN_BLOCKS = 2;

/**
 * The indexer as /api/network/status reports it, from SQL (so every server of a PostgreSQL
 * deployment says the same) and the node. `rewinding`: a rewind is recorded as in progress, or
 * the checkpoint is ahead of the node's head or no longer on its chain (the next pass rewinds);
 * never `synced` then.
 */
export async function readIndexerStatus(
  db: DbOrTrx,
  options: { chainId: number; enabled: boolean; finalityDepth: number; nodeHead: number | null; nodeHashAt: (block: number) => Promise<string | null> },
) {
  const [checkpoint, reorgs] = await Promise.all([readCheckpoint(db), readReorgState(db, options.chainId)]);
  const head = options.nodeHead;
  let forked = false;
  if (checkpoint && head !== null) {
    forked = checkpoint.blockNumber > head || (checkpoint.blockHash !== null && (await options.nodeHashAt(checkpoint.blockNumber).catch(() => checkpoint.blockHash)) !== checkpoint.blockHash);
  }
  const lag = head !== null && checkpoint ? Math.max(0, head - checkpoint.blockNumber) : null;
  const status: IndexerStatusName = !checkpoint
    ? "not_started"
    : reorgs.rewinding || forked
      ? "rewinding"
      : lag === null
        ? "unknown"
        : lag <= SYNCED_WITHIN_BLOCKS
          ? "synced"
          : "behind";
  const last = reorgs.last;
  const leadership = leadershipState();
  const runtime = indexerRuntime();
  return {
    enabled: options.enabled,
    lastIndexedBlock: checkpoint ? String(checkpoint.blockNumber) : null,
    lastIndexedHash: checkpoint?.blockHash ?? null,
    lagBlocks: lag,
    status,
    forkBlock: reorgs.rewinding?.fork_block != null ? String(reorgs.rewinding.fork_block) : null,
    finalityDepth: options.finalityDepth,
    role: leadership?.role ?? ("none" as const),
    following: runtime ? runtime.following() : null,
    reorgs: reorgs.count,
    lastReorg: last
      ? {
          detectedAt: String(last.detected_at),
          finishedAt: String(last.finished_at ?? last.detected_at),
          fromBlock: String(last.old_checkpoint),
          forkBlock: String(last.fork_block ?? 0),
          depth: Number(last.depth ?? 0),
          eventsRemoved: Number(last.events_removed ?? 0),
          durationMs: Number(last.duration_ms ?? 0),
        }
      : null,
    updatedAt: checkpoint ? String(checkpoint.updatedAt) : null,
  };
}
