import { db } from "@/lib/db/client";
import { roleGrant } from "@/features/roles/grant.endpoint";
import { endpointRoutes, serve } from "@/features/serve";
import { grantRole } from "@/features/roles/change-role";

export const dynamic = "force-dynamic";

// POST /api/roles/grant — grant a bonded role at an outlet (locks the bond on chain)
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(serve(roleGrant, async ({ body, wallet, now }) => grantRole(db(), wallet, body, now)));
