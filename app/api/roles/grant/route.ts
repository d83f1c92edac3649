import { db } from "@/lib/db/client";
import { roleGrant } from "@/lib/endpoints/roles/grant";
import { endpointRoutes, serve } from "@/lib/http/endpoint-route";
import { grantRole } from "@/lib/services/roles/change-role";

export const dynamic = "force-dynamic";

// POST /api/roles/grant — grant a bonded role at an outlet (locks the bond on chain)
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(serve(roleGrant, async ({ body, wallet, now }) => grantRole(db(), wallet, body, now)));
