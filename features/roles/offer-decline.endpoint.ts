import { ZRoleOfferIdBody, ZRoleOfferResponse } from "@/features/roles/roles.schema";
import { defineEndpoint } from "@/lib/endpoints/define";

// POST /api/roles/offers/decline
export const roleOfferDecline = defineEndpoint({
  id: "roles.offers.decline",
  method: "POST",
  path: "/api/roles/offers/decline",
  summary: "The grantee declines a role offered to it (nothing changes on chain)",
  action: "roles.offers.decline",
  rolesNote: "only the wallet the role was offered to",
  body: ZRoleOfferIdBody,
  response: ZRoleOfferResponse,
  rateLimit: ["signed-write"],
  errors: ["NOT_FOUND", "INVALID_STATE", "CHAIN_UNAVAILABLE"],
  example: { body: { offerId: "1" } },
});
