import { networkStatus } from "@/features/system/network-status.endpoint";
import { endpointRoutes, serve } from "@/features/serve";
import { config } from "@/lib/config/config";
import { db } from "@/lib/db/client";
import { chainClients } from "@/lib/chain/server/clients";
import { readNodeStatus } from "@/lib/chain/server/node-status";
import { currentDeployment } from "@/lib/chain/server/current-deployment";
import { finalityDepth } from "@/lib/indexer/finality";
import { readIndexerStatus } from "@/lib/indexer/indexer-status";

export const dynamic = "force-dynamic";

const nodeHashAt = async (block: number) => (await chainClients().publicClient.getBlock({ blockNumber: BigInt(block) })).hash;

// GET /api/network/status — node reachability, block height, the indexer's lag, rewinds and leadership
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(serve(networkStatus, async () => {
  const cfg = config();
  const chainId = currentDeployment()?.chainId ?? cfg.CAPSULE_CHAIN_ID;
  const node = await readNodeStatus();
  const indexer = await readIndexerStatus(db(), {
    chainId,
    enabled: cfg.CAPSULE_INDEXER === "on",
    finalityDepth: finalityDepth(chainId, cfg.CAPSULE_FINALITY_DEPTH),
    nodeHead: node.blockNumber,
    nodeHashAt,
  });
  return {
    ok: true as const,
    network: cfg.CAPSULE_NETWORK,
    chainId: cfg.CAPSULE_CHAIN_ID,
    chainIdHex: `0x${cfg.CAPSULE_CHAIN_ID.toString(16)}`,
    node: {
      reachable: node.reachable,
      blockNumber: node.blockNumber === null ? null : String(node.blockNumber),
      blockTimestamp: node.blockTimestamp === null ? null : String(node.blockTimestamp),
      chainIdMatches: node.chainId === null ? null : node.chainId === cfg.CAPSULE_CHAIN_ID,
    },
    indexer,
    contractsDeployed: currentDeployment() !== undefined,
  };
}));
