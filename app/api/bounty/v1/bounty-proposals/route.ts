import { fetchBountyProposals } from "@/lib/bounty/client";
import { viaBountyService } from "@/lib/bounty/proxy";
import { bountyProposals } from "@/lib/endpoints/bounty/proposals";
import { endpointRoutes, serve } from "@/lib/http/endpoint-route";

export const dynamic = "force-dynamic";

// GET /api/bounty/v1/bounty-proposals — a page of proposals from the bounty read service, unchanged
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(
  serve(bountyProposals, async ({ query }) => viaBountyService((options) => fetchBountyProposals(query, options))),
);
