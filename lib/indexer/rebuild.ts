import type { Db, Dialect } from "@/lib/db/database";
import type { DeploymentRecord } from "@/lib/chain/deployment-record";
import type { BlockRef } from "@/lib/indexer/chain-reader";
import { writeCheckpoint } from "@/lib/indexer/checkpoint-repository";
import { Indexer } from "@/lib/indexer/indexer";
import { commitProjection } from "@/lib/indexer/indexer-context";
import { persistEvents } from "@/lib/indexer/persist-events";
import type { IndexedEvent, ProjectionReset, Projector } from "@/lib/indexer/projector";
import { indexedSources, indexerStartBlock } from "@/lib/indexer/sources";

export type RebuildResult = { fromBlock: number; toBlock: number; events: number };

/**
 * Drops the chain projection and derives it again from the chain (docs/ARCHITECTURE.md, "Where truth lives": "dropping the
 * projection and re-indexing gives the same state"). Logs are read from the deployment block to
 * the head in verified batches first (each linked to the one before by its last block's hash);
 * then one transaction clears chain_events and every projector's rows, replays the events in
 * order and sets the checkpoint to that head with its hash, so readers see either the old
 * projection or the new one. A running indexer continues from the new checkpoint.
 */
export async function rebuildProjection(options: {
  db: Db;
  dialect: Dialect;
  rpcUrl: string;
  deployment: DeploymentRecord;
  batchBlocks?: number;
  log?: (message: string) => void;
  /** The feature projectors and their resets (features/projectors.ts; features/rebuild-projection.ts passes them). */
  projectors: Projector[];
  resets: ProjectionReset[];
}): Promise<RebuildResult> {
  const { deployment, projectors } = options;
  const chainId = deployment.chainId;
  const fromBlock = indexerStartBlock(deployment);
  const indexer = new Indexer({
    resets: options.resets,
    db: options.db,
    dialect: options.dialect,
    rpcUrl: options.rpcUrl,
    chainId,
    startBlock: fromBlock,
    sources: indexedSources(deployment),
    projectors,
    batchBlocks: options.batchBlocks ?? 2000,
  });
  const head = await indexer.head();
  const batch = options.batchBlocks ?? 2000;
  const events: IndexedEvent[] = [];
  let last: BlockRef | undefined;
  for (let start = fromBlock; start <= head; start += batch) {
    const range = await indexer.readRange(start, Math.min(head, start + batch - 1), last);
    events.push(...range.events);
    last = range.to;
  }
  // Recent checkpoint hashes that are not the chain's any more (or lie above the head) go.
  const stored = await options.db.selectFrom("chain_blocks").select(["block_number", "block_hash"]).where("chain_id", "=", chainId).execute();
  const onNode = await indexer.reader.headers(stored.map((row) => row.block_number).filter((n) => n <= head));
  const stale = stored.filter((row) => onNode.get(row.block_number)?.hash !== row.block_hash).map((row) => row.block_number);
  options.log?.(`read ${events.length} events from blocks ${fromBlock}..${head}; replaying them`);

  await commitProjection(options, async (trx) => {
    await trx.deleteFrom("chain_events").where("chain_id", "=", chainId).execute();
    const restores = [];
    for (const reset of options.resets) restores.push(await reset(trx));
    await persistEvents(trx, events, projectors);
    for (const restore of restores) await restore(trx);
    await writeCheckpoint(trx, { chainId, blockNumber: head, blockHash: last?.hash ?? null, now: Math.floor(Date.now() / 1000) });
    if (stale.length > 0) await trx.deleteFrom("chain_blocks").where("chain_id", "=", chainId).where("block_number", "in", stale).execute();
    if (last) {
      const hash = last.hash;
      await trx
        .insertInto("chain_blocks")
        .values({ chain_id: chainId, block_number: last.number, block_hash: hash })
        .onConflict((oc) => oc.columns(["chain_id", "block_number"]).doUpdateSet({ block_hash: hash }))
        .execute();
    }
    // everything may have changed: listeners treat it as "all up to the head"
    return { value: undefined, change: { fromBlock, toBlock: head, capsuleIds: [], wallets: [], caseIds: [], kinds: [], truncated: true as const } };
  });
  return { fromBlock, toBlock: head, events: events.length };
}
