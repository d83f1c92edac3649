import { db } from "@/lib/db/client";
import { capsuleAccept } from "@/features/capsules/accept.endpoint";
import { endpointRoutes, serve } from "@/features/serve";
import { publicOrigin } from "@/lib/http/public-origin";
import { acceptCapsule } from "@/features/capsules/closing";

export const dynamic = "force-dynamic";

// POST /api/capsules/:id/accept — after the window, finalize on chain (accepted → finalized, else rejected)
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(
  serve(capsuleAccept, async ({ params, body, wallet, now, request }) => acceptCapsule(db(), wallet, params.id, body.capsuleId, now, publicOrigin(request))),
);
