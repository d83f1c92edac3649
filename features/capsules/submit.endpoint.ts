import { ROLE } from "@/lib/roles/role-catalog";
import { ZCapsuleIdParams, ZSubmitCapsuleBody, ZSubmitResponse } from "@/features/capsules/capsules.schema";
import { defineEndpoint } from "@/lib/endpoints/define";

// POST /api/capsules/:id/submit
export const capsuleSubmit = defineEndpoint({
  id: "capsules.submit",
  method: "POST",
  path: "/api/capsules/:id/submit",
  summary: "Authorizes a draft: answers the signed SubmitVoucher the wallet sends with the 30-unit fee",
  action: "capsules.submit",
  roles: { at: "capsuleOutlet", submitterOnly: true, anyOf: [ROLE.JOURNALIST, ROLE.REPORTER, ROLE.EDITOR], what: "submit capsules", messages: { notSubmitter: "Only the submitter of capsule {capsule} may submit it" } },
  rolesNote: "the bond in RoleRegistry must cover the smallest requirement among the author roles held (read from the chain by the service); 5 vouchers per hour per outlet",
  params: ZCapsuleIdParams,
  body: ZSubmitCapsuleBody,
  response: ZSubmitResponse,
  rateLimit: ["signed-write", "submit"],
  errors: ["FORBIDDEN", "INVALID_STATE", "CONFLICT", "DRAFT_CHANGED", "OUTLET_NOT_ACTIVE", "INSUFFICIENT_BOND", "CHAIN_UNAVAILABLE"],
  example: { params: { id: "1" }, body: { ifRevision: 4 } },
});
