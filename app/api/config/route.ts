import { ZConfigResponse } from "@/lib/schemas/system";
import { route } from "@/lib/http/route";
import { config } from "@/lib/config/config";
import { publicOrigin } from "@/lib/http/public-origin";

export const dynamic = "force-dynamic";

// GET /api/config — public configuration; rpcUrl is the public gateway, never the internal node
export const GET = route({}, async ({ request }) => {
  const cfg = config();
  return ZConfigResponse.parse({
    service: "capsule-bridge",
    network: cfg.CAPSULE_NETWORK,
    chainId: cfg.CAPSULE_CHAIN_ID,
    rpcUrl: `${publicOrigin(request)}/rpc`,
  });
});
