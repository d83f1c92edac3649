import { ZAdsCapsuleParams, ZCapsuleAdsResponse } from "@/features/ads/ads.schema";
import { defineEndpoint } from "@/lib/endpoints/define";

// GET /api/ads/:capsuleId
export const adsOfCapsule = defineEndpoint({
  id: "ads.of-capsule",
  method: "GET",
  path: "/api/ads/:capsuleId",
  summary: "Campaigns that run beside the capsule",
  params: ZAdsCapsuleParams,
  response: ZCapsuleAdsResponse,
  rateLimit: ["public-get"],
  privateDrafts: { capsuleParam: "capsuleId" },
  errors: ["CAPSULE_NOT_FOUND"],
  example: { params: { capsuleId: "1" } },
});
