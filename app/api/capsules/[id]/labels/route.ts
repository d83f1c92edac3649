import { db } from "@/lib/db/client";
import { capsuleLabels } from "@/features/court/capsule-labels.endpoint";
import { endpointRoutes, serve } from "@/features/serve";
import { capsuleLabels as labelsOf } from "@/features/court/case-queries";

export const dynamic = "force-dynamic";

// GET /api/capsules/:id/labels — the integrity-label history of the capsule's revision chain
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(serve(capsuleLabels, async ({ params }) => labelsOf(db(), params.id)));
