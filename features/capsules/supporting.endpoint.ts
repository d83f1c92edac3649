import { pageQuery } from "@/lib/schemas/pagination";
import { ZCapsuleIdParams, ZSupportingListResponse } from "@/features/capsules/capsules.schema";
import { defineEndpoint } from "@/lib/endpoints/define";

// GET /api/capsules/:id/supporting
export const capsuleSupporting = defineEndpoint({
  id: "capsules.supporting",
  method: "GET",
  path: "/api/capsules/:id/supporting",
  summary: "Related capsule ids with their relationship types",
  params: ZCapsuleIdParams,
  query: pageQuery,
  response: ZSupportingListResponse,
  rateLimit: ["public-get"],
  privateDrafts: { capsuleParam: "id" },
  errors: ["CAPSULE_NOT_FOUND"],
  example: { params: { id: "1" } },
});
