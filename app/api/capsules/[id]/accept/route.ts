import { route } from "@/lib/http/route";
import { db } from "@/lib/db/client";
import { publicOrigin } from "@/lib/http/public-origin";
import { ZAcceptBody, ZCapsuleIdParams, ZCapsuleResponse } from "@/lib/schemas/capsules";
import { acceptCapsule } from "@/lib/services/capsules/closing";

export const dynamic = "force-dynamic";

// POST /api/capsules/:id/accept — after the window, finalize on chain (accepted → finalized, else rejected)
export const POST = route({ action: "capsules.accept", body: ZAcceptBody }, async ({ params, body, wallet, now, request }) => {
  const { id } = ZCapsuleIdParams.parse(params);
  return ZCapsuleResponse.parse(await acceptCapsule(db(), wallet, id, body.capsuleId, now, publicOrigin(request)));
});
