import { fetchBountyHealth } from "@/lib/bounty/client";
import { viaBountyService } from "@/lib/bounty/proxy";
import { bountyHealth } from "@/lib/endpoints/bounty/health";
import { endpointRoutes, serve } from "@/lib/http/endpoint-route";

export const dynamic = "force-dynamic";

// GET /api/bounty/health — the bounty read service's health
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(
  serve(bountyHealth, async () => viaBountyService((options) => fetchBountyHealth(options))),
);
