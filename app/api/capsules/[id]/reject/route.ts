import { db } from "@/lib/db/client";
import { capsuleReject } from "@/features/capsules/reject.endpoint";
import { endpointRoutes, serve } from "@/features/serve";
import { publicOrigin } from "@/lib/http/public-origin";
import { rejectCapsule } from "@/features/capsules/closing";

export const dynamic = "force-dynamic";

// POST /api/capsules/:id/reject — withdraw a draft, or close a pending capsule on chain
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(
  serve(capsuleReject, async ({ params, body, wallet, now, request }) => rejectCapsule(db(), wallet, params.id, body.reason, now, publicOrigin(request))),
);
