import { db } from "@/lib/db/client";
import { capsuleRights } from "@/lib/endpoints/capsules/rights";
import { endpointRoutes, serve } from "@/lib/http/endpoint-route";
import { capsuleRights as rightsOf } from "@/lib/services/rights/rights";

export const dynamic = "force-dynamic";

// GET /api/capsules/:id/rights — the capsule's rights listings with their licences
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(serve(capsuleRights, async ({ params, query, now }) => rightsOf(db(), params.id, query, now)));
