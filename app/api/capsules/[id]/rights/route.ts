import { db } from "@/lib/db/client";
import { capsuleRights } from "@/features/rights/capsule-rights.endpoint";
import { endpointRoutes, serve } from "@/features/serve";
import { capsuleRights as rightsOf } from "@/features/rights/rights";

export const dynamic = "force-dynamic";

// GET /api/capsules/:id/rights — the capsule's rights listings with their licences
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(serve(capsuleRights, async ({ params, query, now }) => rightsOf(db(), params.id, query, now)));
