import { db } from "@/lib/db/client";
import { adCampaigns } from "@/features/ads/campaigns.endpoint";
import { endpointRoutes, serve } from "@/features/serve";
import { campaignPage } from "@/features/ads/campaigns";

export const dynamic = "force-dynamic";

// GET /api/ads/campaigns — ad campaigns, filtered by status
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(serve(adCampaigns, async ({ query }) => campaignPage(db(), query)));
