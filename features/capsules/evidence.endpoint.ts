import { pageQuery } from "@/lib/schemas/pagination";
import { ZCapsuleIdParams, ZEvidenceListResponse } from "@/features/capsules/capsules.schema";
import { defineEndpoint } from "@/lib/endpoints/define";

// GET /api/capsules/:id/evidence
export const capsuleEvidence = defineEndpoint({
  id: "capsules.evidence",
  method: "GET",
  path: "/api/capsules/:id/evidence",
  summary: "The evidence manifest: active items, oldest first",
  params: ZCapsuleIdParams,
  query: pageQuery,
  response: ZEvidenceListResponse,
  rateLimit: ["public-get"],
  privateDrafts: { capsuleParam: "id" },
  errors: ["CAPSULE_NOT_FOUND"],
  example: { params: { id: "1" } },
});
