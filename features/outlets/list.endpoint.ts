import { ZListOutletsQuery, ZListOutletsResponse } from "@/features/outlets/outlets.schema";
import { defineEndpoint } from "@/lib/endpoints/define";

// GET /api/outlets
export const outletList = defineEndpoint({
  id: "outlets.list",
  method: "GET",
  path: "/api/outlets",
  summary: "Outlets ordered by id, optionally filtered by status",
  query: ZListOutletsQuery,
  response: ZListOutletsResponse,
  rateLimit: ["public-get"],
  conditional: true,
  errors: [],
});
