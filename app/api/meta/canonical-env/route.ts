import { config } from "@/lib/config/config";
import { canonicalEnv } from "@/lib/config/canonical-env";
import { canonicalEnv as canonicalEnvEndpoint } from "@/features/operator/canonical-env.endpoint";
import { endpointRoutes, serve } from "@/features/serve";

export const dynamic = "force-dynamic";

// GET /api/meta/canonical-env — the effective configuration (defaults applied); secrets redacted
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(
  serve(canonicalEnvEndpoint, async () => ({ ok: true as const, ...canonicalEnv(config()) })),
);
