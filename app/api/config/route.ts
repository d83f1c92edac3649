import { config } from "@/lib/config/config";
import { config as configEndpoint } from "@/features/system/config.endpoint";
import { endpointRoutes, serve } from "@/features/serve";
import { publicOrigin } from "@/lib/http/public-origin";

export const dynamic = "force-dynamic";

// GET /api/config — public configuration; rpcUrl is the public gateway, never the internal node
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(
  serve(configEndpoint, async ({ request }) => {
    const cfg = config();
    return { service: "capsule-bridge", network: cfg.CAPSULE_NETWORK, chainId: cfg.CAPSULE_CHAIN_ID, rpcUrl: `${publicOrigin(request)}/rpc` };
  }),
);
