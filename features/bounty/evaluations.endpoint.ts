import { bountyEvaluationPageSchema, bountyProxyEvaluationsQuerySchema } from "@/features/bounty/bounty.schema";
import { defineEndpoint } from "@/lib/endpoints/define";

// GET /api/bounty/v1/bounty-evaluations
export const bountyEvaluations = defineEndpoint({
  id: "bounty.evaluations",
  method: "GET",
  path: "/api/bounty/v1/bounty-evaluations",
  summary: "A page of bounty evaluations, optionally of one proposal (same-origin proxy)",
  query: bountyProxyEvaluationsQuerySchema,
  response: bountyEvaluationPageSchema,
  rateLimit: ["public-get"],
  errors: ["BOUNTY_STATE_UNAVAILABLE", "BOUNTY_SERVICE_UNREACHABLE", "BOUNTY_BAD_RESPONSE"],
});
