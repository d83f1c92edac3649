import { ZCapsuleListResponse, ZListCapsulesQuery } from "@/lib/schemas/capsules";
import { defineEndpoint } from "../define";

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
