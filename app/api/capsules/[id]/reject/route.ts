import { route } from "@/lib/http/route";
import { db } from "@/lib/db/client";
import { publicOrigin } from "@/lib/http/public-origin";
import { ZCapsuleIdParams, ZCapsuleResponse, ZRejectBody } from "@/lib/schemas/capsules";
import { rejectCapsule } from "@/lib/services/capsules/closing";

export const dynamic = "force-dynamic";

// POST /api/capsules/:id/reject — withdraw a draft, or close a pending capsule on chain
export const POST = route({ action: "capsules.reject", body: ZRejectBody }, async ({ params, body, wallet, now, request }) => {
  const { id } = ZCapsuleIdParams.parse(params);
  return ZCapsuleResponse.parse(await rejectCapsule(db(), wallet, id, body.reason, now, publicOrigin(request)));
});
