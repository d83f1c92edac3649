import { route } from "@/lib/http/route";
import { db } from "@/lib/db/client";
import { ZCapsuleIdParams } from "@/lib/schemas/capsules";
import { ZCapsuleAdsResponse } from "@/lib/schemas/ads";
import { capsuleAds } from "@/lib/services/ads/campaigns";

export const dynamic = "force-dynamic";

// GET /api/capsules/:id/ads — campaigns that run beside the capsule (same answer as /api/ads/:capsuleId)
export const GET = route({}, async ({ params, now }) => {
  const { id } = ZCapsuleIdParams.parse(params);
  return ZCapsuleAdsResponse.parse(await capsuleAds(db(), id, now));
});
