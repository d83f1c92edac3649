import { metrics } from "@/lib/metrics/metrics";
import { forgetHashesAbove, forkCandidates, recordCheckpointHash } from "./block-hashes";
import type { Header } from "./chain-reader";
import { ChangeCollector } from "./change-feed";
import { readCheckpoint, writeCheckpoint, type Checkpoint, type CheckpointRef } from "./checkpoint-repository";
import { CheckpointMovedError, commitProjection, type IndexerContext } from "./indexer-context";
import { projectEvents } from "./persist-events";
import { closeOpenReorgs, finishReorg, locateReorg, openReorg } from "./reorg-repository";
import { storedEvents } from "./stored-events";

export type RewindResult = { oldCheckpoint: number; forkBlock: number; depth: number; eventsRemoved: number; eventsReplayed: number; ms: number };

const CANDIDATES_PER_ROUND = 64;

/**
 * The highest indexed block at or below `atOrBelow` whose stored hash is still the node's: every
 * block up to it is unchanged. Walks back through recent checkpoint hashes and the blocks of
 * indexed events; none matching → the block before the start block (re-index everything).
 */
export async function findForkPoint(ctx: IndexerContext, atOrBelow: number): Promise<CheckpointRef> {
  let cursor = atOrBelow;
  for (;;) {
    const candidates = await forkCandidates(ctx.db, ctx.chainId, cursor, CANDIDATES_PER_ROUND);
    const usable = candidates.filter((c) => c.number >= ctx.startBlock);
    if (usable.length === 0) break;
    const onNode = await ctx.reader.headers(usable.map((c) => c.number));
    const match = usable.find((c) => onNode.get(c.number)?.hash === c.hash);
    if (match) return match;
    cursor = usable[usable.length - 1]!.number - 1;
  }
  const before = ctx.startBlock - 1;
  return { number: before, hash: before >= 0 ? ((await ctx.reader.header(before))?.hash ?? null) : null };
}

/**
 * Brings the projection back to exactly what a rebuild up to the fork point gives: in one
 * projection-locked transaction the events above the fork are deleted, every projection reset
 * runs, the remaining chain_events rows are replayed from SQL through the projectors (no node
 * round-trip) and the checkpoint is set to the fork block with its hash. The reorg is recorded
 * (`rewinding` for every server) before the fork point is looked for.
 */
export async function rewindProjection(ctx: IndexerContext, checkpoint: Checkpoint, head: Header): Promise<RewindResult | undefined> {
  const started = performance.now();
  const now = () => Math.floor(Date.now() / 1000);
  const reorgId = await openReorg(ctx.db, { chainId: ctx.chainId, oldCheckpoint: checkpoint.blockNumber, oldHash: checkpoint.blockHash, nodeHead: head.number, now: now() });
  ctx.log(
    checkpoint.blockNumber > head.number
      ? `the node's head ${head.number} is below the checkpoint ${checkpoint.blockNumber}: the chain went back; rewinding`
      : `block ${checkpoint.blockNumber} (the checkpoint) is no longer on the chain: a reorg; rewinding`,
  );
  const fork = await findForkPoint(ctx, Math.min(checkpoint.blockNumber, head.number));
  const depth = checkpoint.blockNumber - fork.number;
  if (depth === 0) {
    // the checkpoint's block is the node's after all (a node that answered from another view a moment ago)
    await closeOpenReorgs(ctx.db, ctx.chainId, now());
    ctx.log(`block ${checkpoint.blockNumber} is on the chain after all; nothing to rewind`);
    return undefined;
  }
  await locateReorg(ctx.db, reorgId, fork.number, depth);
  const result = await commitProjection(ctx, async (trx) => {
    const current = await readCheckpoint(trx);
    if (current?.blockNumber !== checkpoint.blockNumber || current.blockHash !== checkpoint.blockHash) {
      throw new CheckpointMovedError(`the checkpoint moved to ${current?.blockNumber ?? "nothing"} during the rewind`);
    }
    const removed = new ChangeCollector();
    let eventsRemoved = 0;
    for await (const page of storedEvents(trx, { chainId: ctx.chainId, sources: ctx.sources, fromBlock: fork.number + 1 })) {
      removed.add(page);
      eventsRemoved += page.length;
    }
    await trx.deleteFrom("chain_events").where("chain_id", "=", ctx.chainId).where("block_number", ">", fork.number).execute();
    await forgetHashesAbove(trx, ctx.chainId, fork.number);
    let eventsReplayed = 0;
    // No indexed event above the fork (most reorgs on a busy chain): the projection already is the
    // one of the events up to the fork, so only the checkpoint moves back.
    if (eventsRemoved > 0) {
      const restores = [];
      for (const reset of ctx.resets) restores.push(await reset(trx));
      for await (const page of storedEvents(trx, { chainId: ctx.chainId, sources: ctx.sources, toBlock: fork.number })) {
        await projectEvents(trx, page, ctx.projectors);
        eventsReplayed += page.length;
      }
      for (const restore of restores) await restore(trx);
    }
    await writeCheckpoint(trx, { chainId: ctx.chainId, blockNumber: fork.number, blockHash: fork.hash, now: now() });
    if (fork.hash) await recordCheckpointHash(trx, ctx.chainId, { number: fork.number, hash: fork.hash }, ctx.finalityDepth, true);
    const ms = Math.round(performance.now() - started);
    await finishReorg(trx, reorgId, { forkBlock: fork.number, depth, eventsRemoved, durationMs: ms, now: now() });
    const value: RewindResult = { oldCheckpoint: checkpoint.blockNumber, forkBlock: fork.number, depth, eventsRemoved, eventsReplayed, ms };
    return { value, change: removed.change(fork.number + 1, checkpoint.blockNumber, { forkBlock: fork.number, depth }) };
  }).catch(async (error: unknown) => {
    if (!(error instanceof CheckpointMovedError)) throw error;
    await closeOpenReorgs(ctx.db, ctx.chainId, now()); // another server rewound first
    return undefined;
  });
  if (result) {
    metrics().indexerReorgs.inc();
    metrics().indexerCheckpoint.set(result.forkBlock);
    ctx.log(
      `rewound to block ${result.forkBlock} (depth ${result.depth}): ${result.eventsRemoved} events removed, ${result.eventsReplayed} replayed, in ${result.ms} ms`,
    );
  }
  return result;
}
