import { db } from "@/lib/db/client";
import { roleGrant } from "@/features/roles/grant.endpoint";
import { endpointRoutes, serve } from "@/features/serve";
import { grantOrOffer } from "@/features/roles/role-offers";

export const dynamic = "force-dynamic";

// POST /api/roles/grant — grant a bonded role to oneself, or offer it to another wallet
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(serve(roleGrant, async ({ body, wallet, now }) => grantOrOffer(db(), wallet, body, now)));
