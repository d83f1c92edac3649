import { ZCapsuleIdParams, ZHistoryResponse } from "@/features/capsules/capsules.schema";
import { defineEndpoint } from "@/lib/endpoints/define";

// GET /api/capsules/:id/history
export const capsuleHistory = defineEndpoint({
  id: "capsules.history",
  method: "GET",
  path: "/api/capsules/:id/history",
  summary: "The capsule's revision chain, oldest first, with its current version",
  params: ZCapsuleIdParams,
  response: ZHistoryResponse,
  rateLimit: ["public-get"],
  conditional: true,
  privateDrafts: { capsuleParam: "id" },
  errors: ["CAPSULE_NOT_FOUND"],
  example: { params: { id: "1" } },
});
