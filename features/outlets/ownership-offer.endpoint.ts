import { ZOwnershipOfferBody, ZOwnershipOfferResponse } from "@/features/outlets/outlets.schema";
import { defineEndpoint } from "@/lib/endpoints/define";

// POST /api/outlets/ownership/offer
export const ownershipOffer = defineEndpoint({
  id: "outlets.ownership.offer",
  method: "POST",
  path: "/api/outlets/ownership/offer",
  summary: "The owner offers the outlet's ownership to one of its Editors (nothing changes until that Editor accepts)",
  description:
    "One open offer per outlet. The Editor accepts with `POST /api/outlets/ownership/accept` (then it owns the outlet: it alone appoints and revokes Editors, and is the outlet's party in its court cases) or declines; the owner may withdraw it. Offers do not expire.",
  action: "outlets.ownership.offer",
  roles: { at: "bodyOutlet", anyOf: ["owner"], what: "offer its ownership" },
  rolesNote: "only to an active Editor of the outlet other than the owner, while no other offer of it is open, and not to a wallet that would then own more never-verified outlets than one wallet may",
  body: ZOwnershipOfferBody,
  response: ZOwnershipOfferResponse,
  status: 201,
  rateLimit: ["signed-write"],
  errors: ["OUTLET_NOT_FOUND", "FORBIDDEN", "CONFLICT", "INVALID_STATE"],
  example: { body: { outletSlug: "harbour-gazette", wallet: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8" } },
});
