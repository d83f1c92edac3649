import "server-only";
import { chainClients } from "@/lib/chain/server/clients";
import { database } from "@/lib/db/client";
import { readCheckpoint } from "@/lib/indexer/checkpoint-repository";
import { syncIndexerNow } from "@/lib/indexer/sync-now";
import { AppError } from "@/lib/errors/app-error";
import { chainRead } from "./chain-io";

/**
 * Brings the SQL projection up to `block` (default: the node's head right now) so an answer shows
 * the effect of a transaction just mined. syncIndexerNow() reads the head through a client whose
 * block number may be cached for a few seconds, so this repeats it until the checkpoint passes.
 */
export async function syncProjectionThrough(block?: bigint): Promise<void> {
  const target = block ?? (await chainRead("read the head", () => chainClients().publicClient.getBlockNumber({ cacheTime: 0 })));
  const deadline = Date.now() + 15_000;
  for (;;) {
    await chainRead("sync the indexer", () => syncIndexerNow());
    const checkpoint = await readCheckpoint(database().db);
    if (checkpoint && BigInt(checkpoint.blockNumber) >= target) return;
    if (Date.now() > deadline) throw new AppError("CHAIN_UNAVAILABLE", `The indexer has not reached block ${target} yet; retry shortly`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}
