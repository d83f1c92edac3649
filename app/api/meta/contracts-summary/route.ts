import { config } from "@/lib/config/config";
import { database } from "@/lib/db/client";
import { currentDeployment } from "@/lib/chain/server/current-deployment";
import { publicEventTopics } from "@/lib/chain/event-signatures";
import { contractsSummary } from "@/features/operator/contracts-summary.endpoint";
import { endpointRoutes, serve } from "@/features/serve";

export const dynamic = "force-dynamic";

// GET /api/meta/contracts-summary — every contract address, the deployment, event topics and environment state
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(
  serve(contractsSummary, async () => {
    const cfg = config();
    const record = currentDeployment();
    const contracts = Object.fromEntries(
      Object.entries(record?.contracts ?? {}).map(([name, entry]) => [name, { address: entry.address, blockNumber: String(entry.blockNumber), txHash: entry.txHash }]),
    );
    return {
      ok: true as const,
      chainId: cfg.CAPSULE_CHAIN_ID,
      chainIdHex: `0x${cfg.CAPSULE_CHAIN_ID.toString(16)}`,
      network: cfg.CAPSULE_NETWORK,
      deployed: record !== undefined,
      deployment: record
        ? { deployer: record.deployer, blockNumber: String(record.blockNumber), deployedAt: String(record.deployedAt), sourceHash: record.sourceHash }
        : null,
      contracts,
      events: publicEventTopics.map((event) => ({ name: event.name, contract: event.contract, signature: event.signature, topic: event.topic })),
      environment: { nodeEnv: cfg.NODE_ENV, database: database().dialect, indexer: cfg.CAPSULE_INDEXER === "on", rpcPath: "/rpc", wsPath: "/ws" },
    };
  }),
);
