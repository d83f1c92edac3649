import { ZNetworkStatusResponse } from "@/lib/schemas/system";
import { route } from "@/lib/http/route";
import { config } from "@/lib/config/config";
import { db } from "@/lib/db/client";
import { readNodeStatus } from "@/lib/chain/server/node-status";
import { currentDeployment } from "@/lib/chain/server/current-deployment";
import { readCheckpoint } from "@/lib/indexer/checkpoint-repository";

export const dynamic = "force-dynamic";

/** "synced" within 2 blocks of the node's head; "unknown" when the node does not answer. */
function indexerStatus(started: boolean, lag: number | null): "not_started" | "synced" | "behind" | "unknown" {
  if (!started) return "not_started";
  if (lag === null) return "unknown";
  return lag <= 2 ? "synced" : "behind";
}

// GET /api/network/status — node reachability, block height and indexer lag
export const GET = route({}, async () => {
  const cfg = config();
  const [node, checkpoint] = await Promise.all([readNodeStatus(), readCheckpoint(db())]);
  const lag = node.blockNumber !== null && checkpoint ? Math.max(0, node.blockNumber - checkpoint.blockNumber) : null;
  return ZNetworkStatusResponse.parse({
    ok: true,
    network: cfg.CAPSULE_NETWORK,
    chainId: cfg.CAPSULE_CHAIN_ID,
    chainIdHex: `0x${cfg.CAPSULE_CHAIN_ID.toString(16)}`,
    node: {
      reachable: node.reachable,
      blockNumber: node.blockNumber === null ? null : String(node.blockNumber),
      blockTimestamp: node.blockTimestamp === null ? null : String(node.blockTimestamp),
      chainIdMatches: node.chainId === null ? null : node.chainId === cfg.CAPSULE_CHAIN_ID,
    },
    indexer: {
      enabled: cfg.CAPSULE_INDEXER === "on",
      lastIndexedBlock: checkpoint ? String(checkpoint.blockNumber) : null,
      lagBlocks: lag,
      status: indexerStatus(checkpoint !== undefined, lag),
      updatedAt: checkpoint ? String(checkpoint.updatedAt) : null,
    },
    contractsDeployed: currentDeployment() !== undefined,
  });
});
