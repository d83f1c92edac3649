import { ZDistributionQuery, ZDistributionResponse } from "@/features/distribution/distribution.schema";
import { defineEndpoint } from "@/lib/endpoints/define";

// GET /api/distribution
export const distributionList = defineEndpoint({
  id: "distribution.list",
  method: "GET",
  path: "/api/distribution",
  summary: "Every active outlet's tier: requirements met or missed, factors, penalty in force",
  query: ZDistributionQuery,
  response: ZDistributionResponse,
  rateLimit: ["public-get"],
  errors: [],
});
