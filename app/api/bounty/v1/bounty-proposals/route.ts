import { fetchBountyProposals } from "@/features/bounty/client";
import { viaBountyService } from "@/features/bounty/proxy";
import { bountyProposals } from "@/features/bounty/proposals.endpoint";
import { endpointRoutes, serve } from "@/features/serve";

export const dynamic = "force-dynamic";

// GET /api/bounty/v1/bounty-proposals — a page of proposals from the bounty read service, unchanged
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(
  serve(bountyProposals, async ({ query }) => viaBountyService((options) => fetchBountyProposals(query, options))),
);
