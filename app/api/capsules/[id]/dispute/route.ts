import { db } from "@/lib/db/client";
import { capsuleDispute } from "@/features/court/dispute.endpoint";
import { endpointRoutes, serve } from "@/features/serve";
import { openDispute } from "@/features/court/open-dispute";

export const dynamic = "force-dynamic";

// POST /api/capsules/:id/dispute — a bonded wallet opens a court case; the capsule becomes contested
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(serve(capsuleDispute, async ({ params, body, wallet, now }) => openDispute(db(), wallet, params.id, body, now)));
