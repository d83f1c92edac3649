import { fetchBountyEvaluations } from "@/lib/bounty/client";
import { viaBountyService } from "@/lib/bounty/proxy";
import { bountyEvaluations } from "@/lib/endpoints/bounty/evaluations";
import { endpointRoutes, serve } from "@/lib/http/endpoint-route";

export const dynamic = "force-dynamic";

// GET /api/bounty/v1/bounty-evaluations — a page of evaluations (optionally of one proposal), unchanged
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(
  serve(bountyEvaluations, async ({ query }) => viaBountyService((options) => fetchBountyEvaluations(query, options))),
);
