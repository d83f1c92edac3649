import { route } from "@/lib/http/route";
import { db } from "@/lib/db/client";
import { ZCampaignPage, ZListCampaignsQuery } from "@/lib/schemas/ads";
import { campaignPage } from "@/lib/services/ads/campaigns";

export const dynamic = "force-dynamic";

// GET /api/ads/campaigns — ad campaigns, filtered by status
export const GET = route({ query: ZListCampaignsQuery }, async ({ query }) => ZCampaignPage.parse(await campaignPage(db(), query)));
