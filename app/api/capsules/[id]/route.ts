import { route } from "@/lib/http/route";
import { db } from "@/lib/db/client";
import { publicOrigin } from "@/lib/http/public-origin";
import { ZCapsuleIdParams } from "@/lib/schemas/capsules";
import { getCapsuleResponse } from "@/lib/services/capsules/capsule-queries";

export const dynamic = "force-dynamic";

// GET /api/capsules/:id — the capsule read response (capsule, policy, outlet, content, evidence, contributors, revision)
export const GET = route({}, async ({ params, request }) => {
  const { id } = ZCapsuleIdParams.parse(params);
  // capsuleReadResponse already answers ZCapsuleResponse.parse(…); a second parse would only cost time
  return getCapsuleResponse(db(), id, publicOrigin(request));
});
