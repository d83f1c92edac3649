import { ROLE } from "@/lib/roles/role-catalog";
import { ZCapsuleIdParams } from "@/features/capsules/capsules.schema";
import { ZClaimsResponse, ZSetClaimsBody } from "@/features/capsules/claims.schema";
import { defineEndpoint } from "@/lib/endpoints/define";

// POST /api/capsules/:id/claims
export const capsuleClaimsSet = defineEndpoint({
  id: "capsules.claims-set",
  method: "POST",
  path: "/api/capsules/:id/claims",
  summary: "The author or an Editor replaces a draft's claims (each quote must occur in the body, each evidence id be the capsule's)",
  action: "capsules.claims.set",
  roles: { at: "capsuleOutlet", anyOf: ["submitter", ROLE.EDITOR], what: "set its claims", messages: { forbidden: 'Only the author or an Editor of outlet "{outlet}" may set the claims of capsule {capsule}' } },
  rolesNote: "a draft only, and not while a submission voucher is outstanding",
  params: ZCapsuleIdParams,
  body: ZSetClaimsBody,
  response: ZClaimsResponse,
  rateLimit: ["signed-write"],
  errors: ["INVALID_STATE"],
  example: { params: { id: "1" }, body: { claims: [{ exact: "eight months of repairs", prefix: "", suffix: "", claimType: "statistic", evidenceIds: [] }] } },
});
