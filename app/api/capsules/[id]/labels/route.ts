import { db } from "@/lib/db/client";
import { capsuleLabels } from "@/lib/endpoints/capsules/labels";
import { endpointRoutes, serve } from "@/lib/http/endpoint-route";
import { capsuleLabels as labelsOf } from "@/lib/services/court/case-queries";

export const dynamic = "force-dynamic";

// GET /api/capsules/:id/labels — the integrity-label history of the capsule's revision chain
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(serve(capsuleLabels, async ({ params }) => labelsOf(db(), params.id)));
