import { actionCatalog, actionNames } from "@/features/action-catalog";
import { actionKeys } from "@/features/operator/action-keys.endpoint";
import { endpointRoutes, serve } from "@/features/serve";

export const dynamic = "force-dynamic";

// GET /api/meta/action-keys — every action name a signed token may carry, with its route and who may use it
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(
  serve(actionKeys, async () => ({ ok: true as const, items: actionNames.map((name) => ({ name, ...actionCatalog[name] })) })),
);
