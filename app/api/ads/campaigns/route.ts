import { db } from "@/lib/db/client";
import { adCampaigns } from "@/lib/endpoints/ads/campaigns";
import { endpointRoutes, serve } from "@/lib/http/endpoint-route";
import { campaignPage } from "@/lib/services/ads/campaigns";

export const dynamic = "force-dynamic";

// GET /api/ads/campaigns — ad campaigns, filtered by status
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(serve(adCampaigns, async ({ query }) => campaignPage(db(), query)));
