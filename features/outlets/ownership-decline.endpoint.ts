import { ZOwnershipOfferIdBody, ZOwnershipOfferResponse } from "@/features/outlets/outlets.schema";
import { defineEndpoint } from "@/lib/endpoints/define";

// POST /api/outlets/ownership/decline
export const ownershipDecline = defineEndpoint({
  id: "outlets.ownership.decline",
  method: "POST",
  path: "/api/outlets/ownership/decline",
  summary: "The offered Editor declines the outlet's ownership (nothing changes; the owner's inbox says so)",
  action: "outlets.ownership.decline",
  rolesNote: "only the Editor it is offered to",
  body: ZOwnershipOfferIdBody,
  response: ZOwnershipOfferResponse,
  rateLimit: ["signed-write"],
  errors: ["NOT_FOUND", "FORBIDDEN", "INVALID_STATE"],
  example: { body: { offerId: "1" } },
});
