import { ZListingResponse, ZWithdrawListingBody } from "@/features/rights/rights.schema";
import { defineEndpoint } from "@/lib/endpoints/define";

// POST /api/rights/withdraw
export const rightsWithdraw = defineEndpoint({
  id: "rights.withdraw",
  method: "POST",
  path: "/api/rights/withdraw",
  summary: "Withdraws a rights listing: it takes no new licence; licences taken on it stay valid",
  action: "rights.withdraw",
  rolesNote: "the wallet that created the listing, or an Editor of its outlet (else 403 FORBIDDEN)",
  body: ZWithdrawListingBody,
  response: ZListingResponse,
  status: 200,
  rateLimit: ["signed-write"],
  errors: ["LISTING_NOT_FOUND", "FORBIDDEN", "INVALID_STATE"],
  example: { body: { listingId: "3" } },
});
