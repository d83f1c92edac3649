import "server-only";
import { config } from "@/lib/config/config";
import { db } from "@/lib/db/client";
import { pingDatabase } from "@/lib/db/server-functions";
import { chainClients } from "@/lib/chain/server/clients";
import { readNodeStatus } from "@/lib/chain/server/node-status";
import { currentDeployment } from "@/lib/chain/server/current-deployment";
import { reply } from "@/lib/http/endpoint-route";
import type { RequestHead } from "@/lib/http/request-head";
import { publicOrigin } from "@/lib/http/public-origin";
import { finalityDepth } from "@/lib/indexer/finality";
import { readIndexerStatus } from "@/lib/indexer/indexer-status";

/** GET /api/health: the database answers and the node is reachable (503 when not). */
export async function healthAnswer() {
  const cfg = config();
  const [node, dbOk] = await Promise.all([readNodeStatus(), pingDatabase(db())]);
  const healthy = node.reachable && dbOk;
  const body = { status: healthy ? ("ok" as const) : ("degraded" as const), service: "capsule-bridge", network: cfg.CAPSULE_NETWORK, chainId: cfg.CAPSULE_CHAIN_ID };
  return healthy ? body : reply(503, body);
}

/** GET /api/config: public configuration; rpcUrl is the public gateway, never the internal node. */
export function publicConfig(request: Request | RequestHead) {
  const cfg = config();
  return { service: "capsule-bridge", network: cfg.CAPSULE_NETWORK, chainId: cfg.CAPSULE_CHAIN_ID, rpcUrl: `${publicOrigin(request)}/rpc` };
}

const nodeHashAt = async (block: number) => (await chainClients().publicClient.getBlock({ blockNumber: BigInt(block) })).hash;

/** GET /api/network/status: node reachability, block height, the indexer's lag, rewinds and leadership. */
export async function networkStatusAnswer() {
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
}
