import { ZBurnStatusResponse } from "@/features/burn/burn.schema";
import { defineEndpoint } from "@/lib/endpoints/define";

// GET /api/burn/status
export const burnStatus = defineEndpoint({
  id: "burn.status",
  method: "GET",
  path: "/api/burn/status",
  summary: "The burn pool's size, schedule and totals, read from the BurnPool contract",
  response: ZBurnStatusResponse,
  rateLimit: ["public-get"],
  errors: ["CHAIN_UNAVAILABLE"],
});
