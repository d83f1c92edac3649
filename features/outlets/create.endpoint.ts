import { ZCreateOutletBody, ZCreateOutletResponse } from "@/features/outlets/outlets.schema";
import { defineEndpoint } from "@/lib/endpoints/define";

// POST /api/outlets/create
export const outletCreate = defineEndpoint({
  id: "outlets.create",
  method: "POST",
  path: "/api/outlets/create",
  summary: "Registers a pending outlet owned by the signer; answers the DNS TXT record to publish",
  action: "outlets.create",
  rolesNote: "the wallet must be funded (a bond in the role registry, or at least the configured minimum balance, 1 CAP by default; otherwise 403 FORBIDDEN with both amounts in CAP); the signer becomes the owner and an Editor (voting once the Editor bond is held)",
  body: ZCreateOutletBody,
  response: ZCreateOutletResponse,
  status: 201,
  rateLimit: ["signed-write"],
  errors: ["FORBIDDEN", "CONFLICT", "OUTLET_NAME_TAKEN", "CHAIN_UNAVAILABLE"],
  example: { body: { slug: "harbour-gazette", name: "Harbour Gazette", domain: "harbour-gazette.example.org", description: "Local news from the harbour towns." } },
});
