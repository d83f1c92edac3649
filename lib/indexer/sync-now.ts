import "server-only";
import { config } from "@/lib/config/config";
import { database } from "@/lib/db/client";
import { requireDeployment } from "@/lib/chain/server/current-deployment";
import { Indexer, type SyncResult } from "./indexer";
import { projectors } from "./projectors";
import { indexedSources, indexerStartBlock } from "./sources";

const globalForSync = globalThis as unknown as { capsuleSyncIndexer?: { key: string; indexer: Indexer }; capsuleSyncQueue?: Promise<unknown> };

/**
 * Brings the SQL projection up to the chain head right now, in order, through the same
 * idempotent path as the background indexer. Routes call it after their own transaction is
 * mined so the answer already shows its effect.
 */
export async function syncIndexerNow(): Promise<SyncResult> {
  const deployment = requireDeployment();
  const key = `${deployment.chainId}:${deployment.contracts.articleRegistry.address}`;
  if (globalForSync.capsuleSyncIndexer?.key !== key) {
    const handle = database();
    const cfg = config();
    globalForSync.capsuleSyncIndexer = {
      key,
      indexer: new Indexer({
        db: handle.db,
        dialect: handle.dialect,
        rpcUrl: cfg.CAPSULE_NODE_RPC_URL,
        chainId: deployment.chainId,
        startBlock: indexerStartBlock(deployment),
        sources: indexedSources(deployment),
        projectors,
        batchBlocks: cfg.CAPSULE_INDEXER_BATCH_BLOCKS,
      }),
    };
  }
  const indexer = globalForSync.capsuleSyncIndexer.indexer;
  const run = (globalForSync.capsuleSyncQueue ?? Promise.resolve()).catch(() => undefined).then(() => indexer.syncToHead());
  globalForSync.capsuleSyncQueue = run;
  return run;
}
