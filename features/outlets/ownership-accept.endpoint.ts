import { ZOwnershipAcceptResponse, ZOwnershipOfferIdBody } from "@/features/outlets/outlets.schema";
import { defineEndpoint } from "@/lib/endpoints/define";

// POST /api/outlets/ownership/accept
export const ownershipAccept = defineEndpoint({
  id: "outlets.ownership.accept",
  method: "POST",
  path: "/api/outlets/ownership/accept",
  summary: "The offered Editor takes the outlet over: it becomes the owner (member flag set on chain); the former owner keeps its roles",
  action: "outlets.ownership.accept",
  rolesNote: "only the Editor it is offered to, while it holds the Editor role, the wallet that offered still owns the outlet, and taking it leaves the Editor within the bound on never-verified outlets",
  body: ZOwnershipOfferIdBody,
  response: ZOwnershipAcceptResponse,
  rateLimit: ["signed-write"],
  errors: ["NOT_FOUND", "FORBIDDEN", "INVALID_STATE", "CONFLICT", "CHAIN_UNAVAILABLE"],
  example: { body: { offerId: "1" } },
});
