import { ZCapsuleAdsResponse } from "@/features/ads/ads.schema";
import { ZCapsuleIdParams } from "@/features/capsules/capsules.schema";
import { defineEndpoint } from "@/lib/endpoints/define";

// GET /api/capsules/:id/ads
export const capsuleAds = defineEndpoint({
  id: "capsules.ads",
  method: "GET",
  path: "/api/capsules/:id/ads",
  summary: "Campaigns that run beside the capsule (same answer as /api/ads/:capsuleId)",
  params: ZCapsuleIdParams,
  response: ZCapsuleAdsResponse,
  rateLimit: ["public-get"],
  privateDrafts: { capsuleParam: "id" },
  errors: ["CAPSULE_NOT_FOUND"],
  example: { params: { id: "1" } },
});
