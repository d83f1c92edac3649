import { ZCapsuleIdParams, ZCapsuleResponse } from "@/features/capsules/capsules.schema";
import { defineEndpoint } from "@/lib/endpoints/define";

// GET /api/capsules/:id
export const capsuleRead = defineEndpoint({
  id: "capsules.read",
  method: "GET",
  path: "/api/capsules/:id",
  summary: "The capsule read response: capsule, policy, outlet, content, evidence, contributors, claims, revision",
  params: ZCapsuleIdParams,
  response: ZCapsuleResponse,
  rateLimit: ["public-get"],
  conditional: true,
  privateDrafts: { capsuleParam: "id" },
  errors: ["CAPSULE_NOT_FOUND", "MISDIRECTED_REQUEST"],
  example: { params: { id: "1" } },
});
