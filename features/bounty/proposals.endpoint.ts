import { bountyListQuerySchema, bountyProposalPageSchema } from "@/features/bounty/bounty.schema";
import { defineEndpoint } from "@/lib/endpoints/define";

// GET /api/bounty/v1/bounty-proposals
export const bountyProposals = defineEndpoint({
  id: "bounty.proposals",
  method: "GET",
  path: "/api/bounty/v1/bounty-proposals",
  summary: "A page of bounty proposals from the bounty read service (same-origin proxy; the service's own page)",
  query: bountyListQuerySchema.omit({ proposalId: true }),
  response: bountyProposalPageSchema,
  rateLimit: ["public-get"],
  errors: ["BOUNTY_STATE_UNAVAILABLE", "BOUNTY_SERVICE_UNREACHABLE", "BOUNTY_BAD_RESPONSE"],
});
