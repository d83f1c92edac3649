import { pageQuery } from "@/lib/schemas/pagination";
import { ZCapsuleIdParams } from "@/features/capsules/capsules.schema";
import { ZCapsuleCasesResponse } from "@/features/court/court.schema";
import { defineEndpoint } from "@/lib/endpoints/define";

// GET /api/capsules/:id/disputes
export const capsuleDisputes = defineEndpoint({
  id: "capsules.disputes",
  method: "GET",
  path: "/api/capsules/:id/disputes",
  summary: "The court cases of the capsule's revision chain, newest first",
  params: ZCapsuleIdParams,
  query: pageQuery,
  response: ZCapsuleCasesResponse,
  rateLimit: ["public-get"],
  privateDrafts: { capsuleParam: "id" },
  errors: ["CAPSULE_NOT_FOUND"],
  example: { params: { id: "1" } },
});
