import type { Db, Dialect } from "@/lib/db/database";
import type { DeploymentRecord } from "@/lib/chain/deployment-record";
import { Indexer } from "./indexer";
import { projectors } from "./projectors";
import { indexedSources, indexerStartBlock } from "./sources";

export type IndexerHandle = { indexer: Indexer; stop: () => Promise<void> };

/** Back-fills, then follows new blocks by short polling until stopped. */
export async function startIndexer(options: {
  db: Db;
  dialect: Dialect;
  rpcUrl: string;
  deployment: DeploymentRecord;
  pollMs?: number;
  batchBlocks?: number;
  log?: (message: string) => void;
}): Promise<IndexerHandle> {
  const indexer = new Indexer({
    db: options.db,
    dialect: options.dialect,
    rpcUrl: options.rpcUrl,
    chainId: options.deployment.chainId,
    startBlock: indexerStartBlock(options.deployment),
    sources: indexedSources(options.deployment),
    projectors,
    batchBlocks: options.batchBlocks ?? 2000,
  });
  const first = await indexer.syncToHead();
  options.log?.(`indexed blocks ${first.fromBlock}..${first.toBlock} (${first.inserted} new events)`);

  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let lastError = "";
  // In-process syncs (this loop and syncIndexerNow in routes) share one queue so events are projected in order.
  const shared = globalThis as unknown as { capsuleSyncQueue?: Promise<unknown> };
  const tick = () => {
    const sync = (shared.capsuleSyncQueue ?? Promise.resolve()).catch(() => undefined).then(() => indexer.syncToHead());
    shared.capsuleSyncQueue = sync;
    running = sync
      .then(() => {
        lastError = "";
      })
      .catch((error: unknown) => {
        const message = error instanceof Error ? error.message.split("\n")[0] ?? "" : String(error);
        if (message !== lastError) options.log?.(`indexer: ${message} (retrying)`);
        lastError = message;
      })
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, options.pollMs ?? 100);
      });
  };
  timer = setTimeout(tick, options.pollMs ?? 100);
  return {
    indexer,
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
