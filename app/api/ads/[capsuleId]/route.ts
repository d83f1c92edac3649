import { z } from "zod";
import { route } from "@/lib/http/route";
import { db } from "@/lib/db/client";
import { ZCapsuleId } from "@/lib/schemas/capsules";
import { ZCapsuleAdsResponse } from "@/lib/schemas/ads";
import { capsuleAds } from "@/lib/services/ads/campaigns";

export const dynamic = "force-dynamic";

const ZParams = z.object({ capsuleId: ZCapsuleId });

// GET /api/ads/:capsuleId — campaigns that run beside the capsule
export const GET = route({}, async ({ params, now }) => {
  const { capsuleId } = ZParams.parse(params);
  return ZCapsuleAdsResponse.parse(await capsuleAds(db(), capsuleId, now));
});
