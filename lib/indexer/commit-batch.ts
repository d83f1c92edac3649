import { sql } from "kysely";
import type { Trx } from "@/lib/db/database";
import { metrics } from "@/lib/metrics/metrics";
import { recordCheckpointHash } from "./block-hashes";
import type { BlockRef, VerifiedRange } from "./chain-reader";
import { describeBatchChange, feedOrigin, type ProjectionChange } from "./change-feed";
import { encodeChange, PROJECTION_CHANNEL } from "./change-feed-postgres";
import { advanceCheckpoint, INDEXER_CHECKPOINT, writeCheckpoint, type CheckpointRef } from "./checkpoint-repository";
import { CheckpointMovedError, commitProjection, type IndexerContext } from "./indexer-context";
import { persistEvents } from "./persist-events";

/**
 * Writes a verified range's events, their projections, the new checkpoint and its hash in one
 * transaction. `after` is the checkpoint the range continues (null: none yet; undefined: do not
 * check, a deliberate re-index); if another writer moved it meanwhile nothing is written.
 * `followed`: a new head on the followed chain (PostgreSQL commits it without waiting for the WAL flush).
 */
export async function commitBatch(
  ctx: IndexerContext,
  fromBlock: number,
  range: VerifiedRange,
  after: CheckpointRef | null | undefined,
  options: { followed?: boolean } = {},
): Promise<number> {
  const inserted = await commitProjection(
    ctx,
    async (trx) => {
      const fresh = await persistEvents(trx, range.events, ctx.projectors);
      const now = Math.floor(Date.now() / 1000);
      const change = describeBatchChange(trx, fresh, fromBlock, range.to.number);
      const moved = () => new CheckpointMovedError(`the checkpoint moved while blocks ${fromBlock}..${range.to.number} were read`);
      if (ctx.dialect === "postgres" && after) {
        // one round trip: checkpoint, its hash (and forgetting old ones), NOTIFY; a refused move rolls it all back
        if (!(await advanceAndNotify(trx, ctx, after, range.to, now, range.to.number !== fromBlock, change))) throw moved();
        return { value: fresh.length, change, notified: true as const };
      }
      if (after === undefined) {
        await writeCheckpoint(trx, { chainId: ctx.chainId, blockNumber: range.to.number, blockHash: range.to.hash, now });
      } else if (!(await advanceCheckpoint(trx, ctx.chainId, after, range.to, now))) {
        // rolls the whole transaction back; the projection lock kept anyone from writing meanwhile
        throw moved();
      }
      await recordCheckpointHash(trx, ctx.chainId, range.to, ctx.finalityDepth, range.to.number !== fromBlock);
      return { value: fresh.length, change };
    },
    { asyncCommit: options.followed === true },
  );
  metrics().indexerCheckpoint.set(range.to.number);
  metrics().indexerEvents.inc(inserted);
  return inserted;
}

/**
 * PostgreSQL: advanceCheckpoint, recordCheckpointHash and notifyProjectionChange in one statement
 * (data-modifying CTEs); answers whether the checkpoint was still `from` and moved.
 */
async function advanceAndNotify(trx: Trx, ctx: IndexerContext, from: CheckpointRef, to: BlockRef, now: number, always: boolean, change: ProjectionChange): Promise<boolean> {
  const sameHash = from.hash === null ? sql`block_hash is null` : sql`block_hash = ${from.hash}`;
  // forgetting old hashes is batched as in recordCheckpointHash (every 16th block, and after a back-fill batch)
  const forget =
    to.number % 16 === 0 || always
      ? sql`, forgotten as (delete from chain_blocks where chain_id = ${ctx.chainId} and block_number < ${to.number - ctx.finalityDepth})`
      : sql``;
  const { rows } = await sql<{ moved: number; notified: number }>`
    with moved as (
      update chain_checkpoints set chain_id = ${ctx.chainId}, block_number = ${to.number}, block_hash = ${to.hash}, updated_at = ${now}
      where name = ${INDEXER_CHECKPOINT} and block_number = ${from.number} and ${sameHash}
      returning 1
    ), hashed as (
      insert into chain_blocks (chain_id, block_number, block_hash) values (${ctx.chainId}, ${to.number}, ${to.hash})
      on conflict (chain_id, block_number) do update set block_hash = excluded.block_hash
    )${forget}, notified as (
      select pg_notify(${PROJECTION_CHANNEL}, ${encodeChange(change, feedOrigin())})
    )
    select (select count(*) from moved)::int as moved, (select count(*) from notified)::int as notified`.execute(trx);
  return rows[0]?.moved === 1;
}
