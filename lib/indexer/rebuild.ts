import type { Db, Dialect } from "@/lib/db/database";
import type { DeploymentRecord } from "@/lib/chain/deployment-record";
import { writeCheckpoint } from "./checkpoint-repository";
import { Indexer } from "./indexer";
import { persistEvents } from "./persist-events";
import type { IndexedEvent } from "./projector";
import { projectionResets, projectors } from "./projectors";
import { lockProjection } from "./projection-lock";
import { indexedSources, indexerStartBlock } from "./sources";

export type RebuildResult = { fromBlock: number; toBlock: number; events: number };

/**
 * Drops the chain projection and derives it again from the chain (DESIGN §2: "dropping the
 * projection and re-indexing gives the same state"). Logs are read from the deployment block to
 * the head in batches first; then one transaction clears chain_events and every projector's
 * rows, replays the events in order and sets the checkpoint to that head, so readers see either
 * the old projection or the new one. A running indexer continues from the new checkpoint.
 */
export async function rebuildProjection(options: {
  db: Db;
  dialect: Dialect;
  rpcUrl: string;
  deployment: DeploymentRecord;
  batchBlocks?: number;
  log?: (message: string) => void;
}): Promise<RebuildResult> {
  const { deployment } = options;
  const indexer = new Indexer({
    db: options.db,
    dialect: options.dialect,
    rpcUrl: options.rpcUrl,
    chainId: deployment.chainId,
    startBlock: indexerStartBlock(deployment),
    sources: indexedSources(deployment),
    projectors,
    batchBlocks: options.batchBlocks ?? 2000,
  });
  const fromBlock = indexerStartBlock(deployment);
  const head = await indexer.head();
  const batch = options.batchBlocks ?? 2000;
  const events: IndexedEvent[] = [];
  for (let start = fromBlock; start <= head; start += batch) {
    events.push(...(await indexer.fetchEvents(start, Math.min(head, start + batch - 1))));
  }
  options.log?.(`read ${events.length} events from blocks ${fromBlock}..${head}; replaying them`);

  await options.db.transaction().execute(async (trx) => {
    await lockProjection(trx, options.dialect);
    await trx.deleteFrom("chain_events").where("chain_id", "=", deployment.chainId).execute();
    const restores = [];
    for (const reset of projectionResets) restores.push(await reset(trx));
    await persistEvents(trx, events, projectors);
    for (const restore of restores) await restore(trx);
    await writeCheckpoint(trx, { chainId: deployment.chainId, blockNumber: head, blockHash: null, now: Math.floor(Date.now() / 1000) });
  });
  return { fromBlock, toBlock: head, events: events.length };
}
