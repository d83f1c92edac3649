import { ZRoleGrantedResponse, ZRoleOfferIdBody } from "@/features/roles/roles.schema";
import { defineEndpoint } from "@/lib/endpoints/define";

// POST /api/roles/offers/accept
export const roleOfferAccept = defineEndpoint({
  id: "roles.offers.accept",
  method: "POST",
  path: "/api/roles/offers/accept",
  summary: "The grantee accepts a role offered to it: the grant takes effect (locks the bond, sets the member or voter flag on chain)",
  action: "roles.offers.accept",
  rolesNote: "only the wallet the role was offered to; the offering wallet must still be the outlet's owner or an Editor (its owner, for an offer of the Editor role)",
  body: ZRoleOfferIdBody,
  response: ZRoleGrantedResponse,
  status: 201,
  rateLimit: ["signed-write"],
  errors: ["NOT_FOUND", "FORBIDDEN", "OUTLET_NOT_ACTIVE", "INVALID_STATE", "CONFLICT", "INSUFFICIENT_BOND", "CHAIN_UNAVAILABLE"],
  example: { body: { offerId: "1" } },
});
