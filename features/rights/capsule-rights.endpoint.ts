import { pageQuery } from "@/lib/schemas/pagination";
import { ZCapsuleIdParams } from "@/features/capsules/capsules.schema";
import { ZCapsuleRightsResponse } from "@/features/rights/rights.schema";
import { defineEndpoint } from "@/lib/endpoints/define";

// GET /api/capsules/:id/rights
export const capsuleRights = defineEndpoint({
  id: "capsules.rights",
  method: "GET",
  path: "/api/capsules/:id/rights",
  summary: "The capsule's rights listings, each with the licences taken on it",
  params: ZCapsuleIdParams,
  query: pageQuery,
  response: ZCapsuleRightsResponse,
  rateLimit: ["public-get"],
  privateDrafts: { capsuleParam: "id" },
  errors: ["CAPSULE_NOT_FOUND"],
  example: { params: { id: "1" } },
});
