import { actionCatalog, actionNames } from "@/lib/auth/actions";
import { actionKeys } from "@/lib/endpoints/meta/action-keys";
import { endpointRoutes, serve } from "@/lib/http/endpoint-route";

export const dynamic = "force-dynamic";

// GET /api/meta/action-keys — every action name a signed token may carry, with its route and who may use it
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(
  serve(actionKeys, async () => ({ ok: true as const, items: actionNames.map((name) => ({ name, ...actionCatalog[name] })) })),
);
