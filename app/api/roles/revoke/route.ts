import { db } from "@/lib/db/client";
import { roleRevoke } from "@/features/roles/revoke.endpoint";
import { endpointRoutes, serve } from "@/features/serve";
import { revokeRoleOf } from "@/features/roles/change-role";

export const dynamic = "force-dynamic";

// POST /api/roles/revoke — revoke a role at an outlet (re-locks the bond on chain)
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(serve(roleRevoke, async ({ body, wallet, now }) => revokeRoleOf(db(), wallet, body, now)));
