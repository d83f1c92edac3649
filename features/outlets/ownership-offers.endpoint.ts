import { ZOwnershipOfferReadBody, ZOwnershipOfferReadResponse } from "@/features/outlets/outlets.schema";
import { defineEndpoint } from "@/lib/endpoints/define";

// POST /api/outlets/ownership/offers
export const ownershipOffers = defineEndpoint({
  id: "outlets.ownership.offers",
  method: "POST",
  path: "/api/outlets/ownership/offers",
  summary: "The outlet's open offer of its ownership, to its owner and its Editors (null to anyone else)",
  description: "A signed read: an offer is between the owner and its Editors. Only an open (pending) offer is answered.",
  action: "outlets.ownership.read",
  body: ZOwnershipOfferReadBody,
  response: ZOwnershipOfferReadResponse,
  rateLimit: ["signed-read"],
  errors: ["OUTLET_NOT_FOUND"],
  example: { body: { outletSlug: "harbour-gazette" } },
});
