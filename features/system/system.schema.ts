import { z } from "zod";

// Health, config, network status and operator metadata (seed: "Health and config", "Operator metadata").
export const ZHealthResponse = z.object({
  status: z.enum(["ok", "degraded"]),
  service: z.string(),
  network: z.string(),
  chainId: z.number(),
});

export const ZConfigResponse = z.object({
  service: z.string(),
  network: z.string(),
  chainId: z.number(),
  rpcUrl: z.string(),
});

export const ZNetworkStatusResponse = z.object({
  ok: z.literal(true),
  network: z.string(),
  chainId: z.number(),
  chainIdHex: z.string(),
  node: z.object({
    reachable: z.boolean(),
    blockNumber: z.string().nullable(),
    blockTimestamp: z.string().nullable(),
    chainIdMatches: z.boolean().nullable(),
  }),
  indexer: z.object({
    enabled: z.boolean(),
    lastIndexedBlock: z.string().nullable(),
    lastIndexedHash: z.string().nullable(),
    lagBlocks: z.number().nullable(),
    status: z.enum(["not_started", "synced", "behind", "rewinding", "unknown"]),
    /** While rewinding: the block the projection goes back to, once found. */
    forkBlock: z.string().nullable(),
    finalityDepth: z.number(),
    /** This server: leads (runs the indexer), follows the leader's checkpoint, or runs no leadership. */
    role: z.enum(["leader", "follower", "none"]),
    following: z.enum(["subscription", "polling"]).nullable(),
    reorgs: z.number(),
    lastReorg: z
      .object({
        detectedAt: z.string(),
        finishedAt: z.string(),
        fromBlock: z.string(),
        forkBlock: z.string(),
        depth: z.number(),
        eventsRemoved: z.number(),
        durationMs: z.number(),
      })
      .nullable(),
    updatedAt: z.string().nullable(),
  }),
  contractsDeployed: z.boolean(),
});

const ZContractEntry = z.object({ address: z.string(), blockNumber: z.string(), txHash: z.string() });

export const ZContractsSummaryResponse = z.object({
  ok: z.literal(true),
  chainId: z.number(),
  chainIdHex: z.string(),
  network: z.string(),
  deployed: z.boolean(),
  deployment: z
    .object({ deployer: z.string(), blockNumber: z.string(), deployedAt: z.string(), sourceHash: z.string() })
    .nullable(),
  contracts: z.record(z.string(), ZContractEntry),
  events: z.array(z.object({ name: z.string(), contract: z.string(), signature: z.string(), topic: z.string() })),
  environment: z.object({ nodeEnv: z.string(), database: z.enum(["sqlite", "postgres"]), indexer: z.boolean(), rpcPath: z.string(), wsPath: z.string() }),
});

export const ZEnvKeysResponse = z.object({
  ok: z.literal(true),
  items: z.array(z.object({ name: z.string(), description: z.string(), secret: z.boolean(), set: z.boolean() })),
});

export const ZActionKeysResponse = z.object({
  ok: z.literal(true),
  items: z.array(z.object({ name: z.string(), method: z.string(), path: z.string(), roles: z.string() })),
});

export const ZCanonicalEnvResponse = z.object({
  ok: z.literal(true),
  env: z.record(z.string(), z.string().nullable()),
  redacted: z.array(z.string()),
});

/** GET /api/openapi.json: an OpenAPI 3.1 document (validated as a whole by its tests, not field by field here). */
export const ZOpenApiDocument = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()),
});
