import { ZCampaignPage, ZListCampaignsQuery } from "@/features/ads/ads.schema";
import { defineEndpoint } from "@/lib/endpoints/define";

// GET /api/ads/campaigns
export const adCampaigns = defineEndpoint({
  id: "ads.campaigns",
  method: "GET",
  path: "/api/ads/campaigns",
  summary: "Ad campaigns, filtered by status",
  query: ZListCampaignsQuery,
  response: ZCampaignPage,
  rateLimit: ["public-get"],
  errors: [],
});
