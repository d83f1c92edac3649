import { tokenFacts } from "@/features/bounty/token-facts";
import { bountyToken } from "@/features/bounty/token.endpoint";
import { endpointRoutes, serve } from "@/features/serve";

export const dynamic = "force-dynamic";

// GET /api/bounty/tokens/:address — a reward token's decimals and symbol, read on chain
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(serve(bountyToken, async ({ params }) => tokenFacts(params.address)));
