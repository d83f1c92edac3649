import { ZContractsSummaryResponse } from "@/features/system/system.schema";
import { defineEndpoint } from "@/lib/endpoints/define";

// GET /api/meta/contracts-summary
export const contractsSummary = defineEndpoint({
  id: "meta.contracts-summary",
  method: "GET",
  path: "/api/meta/contracts-summary",
  summary: "Every contract address, the deployment, event topics and environment state",
  response: ZContractsSummaryResponse,
  rateLimit: ["public-get"],
  errors: [],
});
