import { fetchBountyHealth } from "@/features/bounty/client";
import { viaBountyService } from "@/features/bounty/proxy";
import { bountyHealth } from "@/features/bounty/health.endpoint";
import { endpointRoutes, serve } from "@/features/serve";

export const dynamic = "force-dynamic";

// GET /api/bounty/health — the bounty read service's health
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(
  serve(bountyHealth, async () => viaBountyService((options) => fetchBountyHealth(options))),
);
