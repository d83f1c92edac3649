import { db } from "@/lib/db/client";
import { roleOffers } from "@/features/roles/offers.endpoint";
import { endpointRoutes, serve } from "@/features/serve";
import { listRoleOffers } from "@/features/roles/role-offers";

export const dynamic = "force-dynamic";

// POST /api/roles/offers — the signer's open role offers
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(serve(roleOffers, async ({ body, wallet, now }) => listRoleOffers(db(), wallet, body, now)));
