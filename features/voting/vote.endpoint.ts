import { ROLE } from "@/lib/roles/role-catalog";
import { ZCapsuleIdParams, ZVoteBody, ZVoteResponse } from "@/features/capsules/capsules.schema";
import { defineEndpoint } from "@/lib/endpoints/define";

// POST /api/capsules/:id/vote
export const capsuleVote = defineEndpoint({
  id: "capsules.vote",
  method: "POST",
  path: "/api/capsules/:id/vote",
  summary: "Relays the voter's signed Ballot on chain; answers the indexed tally",
  action: "capsules.vote",
  roles: { at: "capsuleOutlet", anyOf: [ROLE.EDITOR], bonded: true, what: "vote on its capsules" },
  rolesNote: "The voter must also have been an eligible voter (RoleRegistry voter flag and a bond) at the capsule's snapshot block, the block before voting opened (chain)",
  params: ZCapsuleIdParams,
  body: ZVoteBody,
  response: ZVoteResponse,
  rateLimit: ["signed-write", "vote"],
  errors: ["FORBIDDEN", "INVALID_STATE", "VOTING_CLOSED", "CONFLICT", "INVALID_SIGNATURE", "CHAIN_UNAVAILABLE"],
  example: { params: { id: "1" }, body: { support: true, deadline: "1798761600", signature: "0x1111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111", reason: "Sourced from the council's own notice.", reasonSignature: "0x1111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111" } },
});
