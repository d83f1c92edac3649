import { ZRoleOffersBody, ZRoleOffersResponse } from "@/features/roles/roles.schema";
import { defineEndpoint } from "@/lib/endpoints/define";

// POST /api/roles/offers
export const roleOffers = defineEndpoint({
  id: "roles.offers",
  method: "POST",
  path: "/api/roles/offers",
  summary: "The signer's open role offers and, with `outletSlug`, the outlet's open offers when the signer may grant roles there",
  description: "A signed read (offers are between the outlet and the grantee). Open means pending and not expired; answered, withdrawn and expired offers are not listed.",
  action: "roles.offers.read",
  body: ZRoleOffersBody,
  response: ZRoleOffersResponse,
  rateLimit: ["signed-read"],
  errors: ["OUTLET_NOT_FOUND", "CHAIN_UNAVAILABLE"],
  example: { body: { outletSlug: "harbour-gazette" } },
});
