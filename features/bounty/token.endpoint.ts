import { tokenFactsSchema, tokenParamsSchema } from "@/features/bounty/token.schema";
import { defineEndpoint } from "@/lib/endpoints/define";

// GET /api/bounty/tokens/:address
export const bountyToken = defineEndpoint({
  id: "bounty.token",
  method: "GET",
  path: "/api/bounty/tokens/:address",
  summary: "An ERC-20 reward token's decimals and symbol, read on chain (null when the token does not answer)",
  params: tokenParamsSchema,
  response: tokenFactsSchema,
  rateLimit: ["public-get"],
  errors: ["CHAIN_UNAVAILABLE"],
  example: { params: { address: "0x231199d4f8b701d60b3cf57528df3a8c16d61ab2" } },
});
