import { ROLE } from "@/lib/roles/role-catalog";
import { ZCapsuleIdParams, ZCapsuleResponse, ZRejectBody } from "@/features/capsules/capsules.schema";
import { defineEndpoint } from "@/lib/endpoints/define";

// POST /api/capsules/:id/reject
export const capsuleReject = defineEndpoint({
  id: "capsules.reject",
  method: "POST",
  path: "/api/capsules/:id/reject",
  summary: "Withdraws a draft, or closes a pending capsule on chain",
  action: "capsules.reject",
  roles: { at: "capsuleOutlet", anyOf: ["submitter", ROLE.EDITOR], what: "close it", messages: { forbidden: 'Only the submitter or an Editor of outlet "{outlet}" may close capsule {capsule}' } },
  rolesNote: "a draft by its submitter or an Editor of its outlet; a pending capsule by its submitter while no vote was cast, or by an Editor while no vote was cast or once the vote can no longer pass",
  params: ZCapsuleIdParams,
  body: ZRejectBody,
  response: ZCapsuleResponse,
  rateLimit: ["signed-write"],
  errors: ["FORBIDDEN", "INVALID_STATE", "CHAIN_UNAVAILABLE", "MISDIRECTED_REQUEST"],
  example: { params: { id: "1" }, body: { reason: "The sourcing of the second paragraph is not ready." } },
});
