import { ZRoleOfferIdBody, ZRoleOfferResponse } from "@/features/roles/roles.schema";
import { defineEndpoint } from "@/lib/endpoints/define";

// POST /api/roles/offers/withdraw
export const roleOfferWithdraw = defineEndpoint({
  id: "roles.offers.withdraw",
  method: "POST",
  path: "/api/roles/offers/withdraw",
  summary: "The owner or an Editor of the outlet withdraws an open role offer (nothing changes on chain)",
  action: "roles.offers.withdraw",
  rolesNote: "the outlet's owner or an Editor, or the wallet that made the offer; an offer of the Editor role only the owner or the wallet that made it",
  body: ZRoleOfferIdBody,
  response: ZRoleOfferResponse,
  rateLimit: ["signed-write"],
  errors: ["NOT_FOUND", "FORBIDDEN", "INVALID_STATE", "CHAIN_UNAVAILABLE"],
  example: { body: { offerId: "1" } },
});
