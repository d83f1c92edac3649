import { envCatalog } from "@/lib/config/env-catalog";
import { envKeys } from "@/features/operator/env-keys.endpoint";
import { endpointRoutes, serve } from "@/features/serve";

export const dynamic = "force-dynamic";

// GET /api/meta/env-keys — the inventory of configuration keys (names only, never values)
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(
  serve(envKeys, async () => ({
    ok: true as const,
    items: envCatalog.map((key) => ({ name: key.name, description: key.description, secret: key.secret, set: process.env[key.name] !== undefined })),
  })),
);
