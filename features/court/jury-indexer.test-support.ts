import type { DatabaseHandle } from "@/lib/db/connection";
import { Indexer } from "@/lib/indexer/indexer";
import { readCheckpoint } from "@/lib/indexer/checkpoint-repository";
import { indexedSources, indexerStartBlock } from "@/lib/indexer/sources";
import { projectionResets, projectors } from "@/features/projectors";
import type { JuryFixture } from "@/test/contracts/jury-fixture";

/** The bridge's indexer with every projector, on a scratch database, over a JuryCourt fixture's chain. */
export function juryIndexer(f: JuryFixture, handle: DatabaseHandle) {
  const indexer = new Indexer({
    db: handle.db,
    dialect: handle.dialect,
    rpcUrl: f.anvil.rpcUrl,
    chainId: f.record.chainId,
    startBlock: indexerStartBlock(f.record),
    sources: indexedSources(f.record),
    projectors,
    resets: projectionResets,
    batchBlocks: 500,
    finalityDepth: 64,
  });
  /** Indexes until the checkpoint is the node's head (a few passes at most). */
  const syncToHead = async () => {
    for (let i = 0; i < 5; i++) {
      await indexer.syncToHead();
      // cacheTime 0: viem remembers a block number for seconds, and this loop asks again within milliseconds
      const head = Number(await f.publicClient.getBlockNumber({ cacheTime: 0 }));
      if ((await readCheckpoint(handle.db))?.blockNumber === head) return;
    }
    throw new Error("the indexer did not reach the head");
  };
  return { indexer, syncToHead };
}
