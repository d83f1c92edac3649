import { metrics } from "@/lib/metrics/metrics";
import { recordCheckpointHash } from "./block-hashes";
import type { VerifiedRange } from "./chain-reader";
import { describeChange } from "./change-feed";
import { advanceCheckpoint, writeCheckpoint, type CheckpointRef } from "./checkpoint-repository";
import { CheckpointMovedError, commitProjection, type IndexerContext } from "./indexer-context";
import { persistEvents } from "./persist-events";

/**
 * Writes a verified range's events, their projections, the new checkpoint and its hash in one
 * transaction. `after` is the checkpoint the range continues (null: none yet; undefined: do not
 * check, a deliberate re-index); if another writer moved it meanwhile nothing is written.
 */
export async function commitBatch(ctx: IndexerContext, fromBlock: number, range: VerifiedRange, after: CheckpointRef | null | undefined): Promise<number> {
  const inserted = await commitProjection(ctx, async (trx) => {
    const fresh = await persistEvents(trx, range.events, ctx.projectors);
    const now = Math.floor(Date.now() / 1000);
    if (after === undefined) {
      await writeCheckpoint(trx, { chainId: ctx.chainId, blockNumber: range.to.number, blockHash: range.to.hash, now });
    } else if (!(await advanceCheckpoint(trx, ctx.chainId, after, range.to, now))) {
      // rolls the whole transaction back; the projection lock kept anyone from writing meanwhile
      throw new CheckpointMovedError(`the checkpoint moved while blocks ${fromBlock}..${range.to.number} were read`);
    }
    await recordCheckpointHash(trx, ctx.chainId, range.to, ctx.finalityDepth, range.to.number !== fromBlock);
    return { value: fresh.length, change: describeChange(fresh, fromBlock, range.to.number) };
  });
  metrics().indexerCheckpoint.set(range.to.number);
  metrics().indexerEvents.inc(inserted);
  return inserted;
}
