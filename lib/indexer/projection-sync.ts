import "server-only";
import { chainClients } from "@/lib/chain/server/clients";
import { database } from "@/lib/db/client";
import { awaitCheckpoint } from "@/lib/indexer/await-checkpoint";
import { AppError } from "@/lib/errors/app-error";
import { metrics } from "@/lib/metrics/metrics";
import { chainRead } from "@/lib/chain/server/chain-io";

const WAIT_MS = 15_000;

/**
 * When this resolves, the SQL projection includes everything up to `block` (default: the node's
 * head right now), so an answer shows the effect of a transaction just mined. It never indexes in
 * the request: the leader's indexer does (asked for a pass at once when it runs in this process);
 * any other server waits for the leader's checkpoint.
 */
export async function syncProjectionThrough(block?: bigint): Promise<void> {
  metrics().projectionWaits.inc();
  const target = block ?? (await chainRead("read the head", () => chainClients().publicClient.getBlockNumber({ cacheTime: 0 })));
  if (await awaitCheckpoint(database().db, target, WAIT_MS)) return;
  throw new AppError("CHAIN_UNAVAILABLE", `The indexer has not reached block ${target} yet; retry shortly`);
}
