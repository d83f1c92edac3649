import { config } from "@/lib/config/config";
import { db } from "@/lib/db/client";
import { pingDatabase } from "@/lib/db/server-functions";
import { readNodeStatus } from "@/lib/chain/server/node-status";
import { health } from "@/features/system/health.endpoint";
import { endpointRoutes, reply, serve } from "@/features/serve";

export const dynamic = "force-dynamic";

// GET /api/health — service health: the database answers and the node is reachable (503 when not)
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(
  serve(health, async () => {
    const cfg = config();
    const [node, dbOk] = await Promise.all([readNodeStatus(), pingDatabase(db())]);
    const healthy = node.reachable && dbOk;
    const body = { status: healthy ? ("ok" as const) : ("degraded" as const), service: "capsule-bridge", network: cfg.CAPSULE_NETWORK, chainId: cfg.CAPSULE_CHAIN_ID };
    return healthy ? body : reply(503, body);
  }),
);
