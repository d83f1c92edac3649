import { ZOwnershipOfferIdBody, ZOwnershipOfferResponse } from "@/features/outlets/outlets.schema";
import { defineEndpoint } from "@/lib/endpoints/define";

// POST /api/outlets/ownership/withdraw
export const ownershipWithdraw = defineEndpoint({
  id: "outlets.ownership.withdraw",
  method: "POST",
  path: "/api/outlets/ownership/withdraw",
  summary: "The owner withdraws its open offer of the outlet's ownership (nothing changes)",
  action: "outlets.ownership.withdraw",
  rolesNote: "only the outlet's owner",
  body: ZOwnershipOfferIdBody,
  response: ZOwnershipOfferResponse,
  rateLimit: ["signed-write"],
  errors: ["NOT_FOUND", "FORBIDDEN", "INVALID_STATE"],
  example: { body: { offerId: "1" } },
});
