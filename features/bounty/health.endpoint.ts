import { bountyHealthSchema } from "@/features/bounty/bounty.schema";
import { defineEndpoint } from "@/lib/endpoints/define";

// GET /api/bounty/health
export const bountyHealth = defineEndpoint({
  id: "bounty.health",
  method: "GET",
  path: "/api/bounty/health",
  summary: "The bounty read service's health (same-origin proxy)",
  response: bountyHealthSchema,
  rateLimit: ["public-get"],
  errors: ["BOUNTY_STATE_UNAVAILABLE", "BOUNTY_SERVICE_UNREACHABLE", "BOUNTY_BAD_RESPONSE"],
});
