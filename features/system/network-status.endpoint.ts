import { ZNetworkStatusResponse } from "@/features/system/system.schema";
import { defineEndpoint } from "@/lib/endpoints/define";

// GET /api/network/status
export const networkStatus = defineEndpoint({
  id: "system.network-status",
  method: "GET",
  path: "/api/network/status",
  summary: "Node reachability, block height, the indexer's lag, rewinds and leadership",
  response: ZNetworkStatusResponse,
  rateLimit: ["public-get"],
  errors: [],
});
