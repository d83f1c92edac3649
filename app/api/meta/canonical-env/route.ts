import { canonicalEnv } from "@/features/operator/canonical-env.endpoint";
import { effectiveConfiguration } from "@/features/operator/operator-metadata";
import { endpointRoutes, serve } from "@/features/serve";

export const dynamic = "force-dynamic";

// GET /api/meta/canonical-env — the effective configuration (defaults applied); secrets redacted
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(serve(canonicalEnv, async () => effectiveConfiguration()));
