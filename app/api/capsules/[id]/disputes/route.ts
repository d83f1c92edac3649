import { db } from "@/lib/db/client";
import { capsuleDisputes } from "@/features/court/capsule-disputes.endpoint";
import { endpointRoutes, serve } from "@/features/serve";
import { capsuleCasePage } from "@/features/court/case-queries";

export const dynamic = "force-dynamic";

// GET /api/capsules/:id/disputes — the court cases of the capsule's revision chain, newest first
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(serve(capsuleDisputes, async ({ params, query }) => capsuleCasePage(db(), params.id, query)));
