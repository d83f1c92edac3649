import { fetchBountyEvaluations } from "@/features/bounty/client";
import { viaBountyService } from "@/features/bounty/proxy";
import { bountyEvaluations } from "@/features/bounty/evaluations.endpoint";
import { endpointRoutes, serve } from "@/features/serve";

export const dynamic = "force-dynamic";

// GET /api/bounty/v1/bounty-evaluations — a page of evaluations (optionally of one proposal), unchanged
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(
  serve(bountyEvaluations, async ({ query }) => viaBountyService((options) => fetchBountyEvaluations(query, options))),
);
