import { db } from "@/lib/db/client";
import { roleRevoke } from "@/lib/endpoints/roles/revoke";
import { endpointRoutes, serve } from "@/lib/http/endpoint-route";
import { revokeRoleOf } from "@/lib/services/roles/change-role";

export const dynamic = "force-dynamic";

// POST /api/roles/revoke — revoke a role at an outlet (re-locks the bond on chain)
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(serve(roleRevoke, async ({ body, wallet, now }) => revokeRoleOf(db(), wallet, body, now)));
