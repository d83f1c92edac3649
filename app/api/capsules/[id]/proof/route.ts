import { db } from "@/lib/db/client";
import { capsuleProof } from "@/features/reader/proof.endpoint";
import { endpointRoutes, serve } from "@/features/serve";
import { publicOrigin } from "@/lib/http/public-origin";
import { capsuleProof as proofOf } from "@/features/reader/capsule-proof-view";

export const dynamic = "force-dynamic";

// GET /api/capsules/:id/proof — what a reader needs to check the article against any node
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(
  serve(capsuleProof, async ({ params, request }) => proofOf(db(), params.id, publicOrigin(request))),
);
