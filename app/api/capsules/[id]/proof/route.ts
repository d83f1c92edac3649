import { db } from "@/lib/db/client";
import { capsuleProof } from "@/lib/endpoints/capsules/proof";
import { endpointRoutes, serve } from "@/lib/http/endpoint-route";
import { publicOrigin } from "@/lib/http/public-origin";
import { capsuleProof as proofOf } from "@/lib/services/reader/capsule-proof";

export const dynamic = "force-dynamic";

// GET /api/capsules/:id/proof — what a reader needs to check the article against any node
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(
  serve(capsuleProof, async ({ params, request }) => proofOf(db(), params.id, publicOrigin(request))),
);
