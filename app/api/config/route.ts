import { config } from "@/features/system/config.endpoint";
import { publicConfig } from "@/features/system/system-reads";
import { endpointRoutes, serve } from "@/features/serve";

export const dynamic = "force-dynamic";

// GET /api/config — public configuration; rpcUrl is the public gateway, never the internal node
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(serve(config, async ({ request }) => publicConfig(request)));
