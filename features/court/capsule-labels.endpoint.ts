import { ZCapsuleIdParams } from "@/features/capsules/capsules.schema";
import { ZLabelsResponse } from "@/features/court/court.schema";
import { defineEndpoint } from "@/lib/endpoints/define";

// GET /api/capsules/:id/labels
export const capsuleLabels = defineEndpoint({
  id: "capsules.labels",
  method: "GET",
  path: "/api/capsules/:id/labels",
  summary: "The integrity-label history of the capsule's revision chain",
  params: ZCapsuleIdParams,
  response: ZLabelsResponse,
  rateLimit: ["public-get"],
  privateDrafts: { capsuleParam: "id" },
  errors: ["CAPSULE_NOT_FOUND"],
  example: { params: { id: "1" } },
});
