import "server-only";
import { config } from "@/lib/config/config";
import { canonicalEnv } from "@/lib/config/canonical-env";
import { envCatalog } from "@/lib/config/env-catalog";
import { database } from "@/lib/db/client";
import { currentDeployment } from "@/lib/chain/server/current-deployment";
import { publicEventTopics } from "@/lib/chain/event-signatures";

/** GET /api/meta/env-keys: the inventory of configuration keys (names only, never values). */
export function envKeyInventory() {
  return {
    ok: true as const,
    items: envCatalog.map((key) => ({ name: key.name, description: key.description, secret: key.secret, set: process.env[key.name] !== undefined })),
  };
}

/** GET /api/meta/canonical-env: the effective configuration (defaults applied); secrets redacted. */
export function effectiveConfiguration() {
  return { ok: true as const, ...canonicalEnv(config()) };
}

/** GET /api/meta/contracts-summary: every contract address, the deployment, event topics and environment state. */
export function contractsSummaryAnswer() {
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
}
