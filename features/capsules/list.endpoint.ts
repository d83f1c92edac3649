import { ZCapsuleListResponse, ZListCapsulesQuery } from "@/features/capsules/capsules.schema";
import { defineEndpoint } from "@/lib/endpoints/define";

// GET /api/capsules
export const capsuleList = defineEndpoint({
  id: "capsules.list",
  method: "GET",
  path: "/api/capsules",
  summary: "Capsules newest first, filtered by outlet slug and status",
  query: ZListCapsulesQuery,
  response: ZCapsuleListResponse,
  rateLimit: ["public-get"],
  conditional: true,
  privateDrafts: {},
  errors: [],
});
