import { ZAdsCapsuleParams, ZCapsuleAdsResponse } from "@/lib/schemas/ads";
import { defineEndpoint } from "../define";

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
