import { route } from "@/lib/http/route";
import { db } from "@/lib/db/client";
import { publicOrigin } from "@/lib/http/public-origin";
import { ZAddHistoryBody, ZCapsuleIdParams, ZCapsuleResponse, ZHistoryResponse } from "@/lib/schemas/capsules";
import { capsuleHistory } from "@/lib/services/capsules/capsule-queries";
import { addRevision } from "@/lib/services/capsules/revisions";

export const dynamic = "force-dynamic";

// GET /api/capsules/:id/history — the revision chain, oldest first, with its current version
export const GET = route({}, async ({ params }) => {
  const { id } = ZCapsuleIdParams.parse(params);
  return ZHistoryResponse.parse(await capsuleHistory(db(), id));
});

// POST /api/capsules/:id/history — start a correction, retraction or revision draft in the chain
export const POST = route({ action: "capsules.history.add", body: ZAddHistoryBody, status: 201 }, async ({ params, body, wallet, now, request }) => {
  const { id } = ZCapsuleIdParams.parse(params);
  return ZCapsuleResponse.parse(await addRevision(db(), wallet, id, body, now, publicOrigin(request)));
});
