import { ZCapsuleIdParams } from "@/lib/schemas/capsules";
import { ZLabelsResponse } from "@/lib/schemas/court";
import { defineEndpoint } from "../define";

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
