import { ROLE } from "@/lib/roles/role-catalog";
import { ZCreateListingBody, ZListingResponse } from "@/features/rights/rights.schema";
import { defineEndpoint } from "@/lib/endpoints/define";

// POST /api/rights/create
export const rightsCreate = defineEndpoint({
  id: "rights.create",
  method: "POST",
  path: "/api/rights/create",
  summary: "Lists a finalized capsule's rights for licensing",
  action: "rights.create",
  roles: {
    at: "bodyCapsuleOutlet",
    anyOf: ["memberSubmitter", ROLE.EDITOR],
    what: "list its rights",
    messages: { forbidden: 'Only the submitter of capsule {capsule} while a Journalist, Reporter or Editor of outlet "{outlet}", or an Editor of that outlet, may list its rights' },
  },
  body: ZCreateListingBody,
  response: ZListingResponse,
  status: 201,
  rateLimit: ["signed-write"],
  errors: ["INVALID_STATE", "CONFLICT", "CHAIN_UNAVAILABLE"],
  example: { body: { capsuleId: "12", licenceType: "non_exclusive", territory: "worldwide", price: "5000000000000000000", currency: "CAP", terms: "Syndication in print and online for one year." } },
});
