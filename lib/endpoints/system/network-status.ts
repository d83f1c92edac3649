import { ZNetworkStatusResponse } from "@/lib/schemas/system";
import { defineEndpoint } from "../define";

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
