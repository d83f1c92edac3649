import { ZHealthResponse } from "@/lib/schemas/system";
import { route } from "@/lib/http/route";
import { jsonResponse } from "@/lib/http/json";
import { config } from "@/lib/config/config";
import { db } from "@/lib/db/client";
import { readNodeStatus } from "@/lib/chain/server/node-status";
import { sql } from "kysely";

export const dynamic = "force-dynamic";

// GET /api/health — service health: the database answers and the node is reachable
export const GET = route({}, async () => {
  const cfg = config();
  const [node, dbOk] = await Promise.all([
    readNodeStatus(),
    sql`select 1 as one`.execute(db()).then(() => true, () => false),
  ]);
  const healthy = node.reachable && dbOk;
  const body = ZHealthResponse.parse({
    status: healthy ? "ok" : "degraded",
    service: "capsule-bridge",
    network: cfg.CAPSULE_NETWORK,
    chainId: cfg.CAPSULE_CHAIN_ID,
  });
  return jsonResponse(body, { status: healthy ? 200 : 503 });
});
