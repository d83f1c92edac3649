import { ZLicenceResponse, ZLicenseBody } from "@/features/rights/rights.schema";
import { defineEndpoint } from "@/lib/endpoints/define";

// POST /api/rights/license
export const rightsLicense = defineEndpoint({
  id: "rights.license",
  method: "POST",
  path: "/api/rights/license",
  summary: "Licenses an active listing (an exclusive one only once), paid by a deposit into LicenceEscrow",
  action: "rights.license",
  body: ZLicenseBody,
  response: ZLicenceResponse,
  status: 201,
  rateLimit: ["signed-write"],
  errors: ["LISTING_NOT_FOUND", "CONFLICT", "INVALID_STATE", "PAYMENT_REQUIRED", "PAYMENT_INVALID", "CHAIN_UNAVAILABLE"],
  example: { body: { listingId: "3", paymentTxHash: "0x9a9a9a9a9a9a9a9a9a9a9a9a9a9a9a9a9a9a9a9a9a9a9a9a9a9a9a9a9a9a9a9a" } },
});
