import { envKeys } from "@/features/operator/env-keys.endpoint";
import { envKeyInventory } from "@/features/operator/operator-metadata";
import { endpointRoutes, serve } from "@/features/serve";

export const dynamic = "force-dynamic";

// GET /api/meta/env-keys — the inventory of configuration keys (names only, never values)
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(serve(envKeys, async () => envKeyInventory()));
