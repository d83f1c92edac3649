import { ZAcceptBody, ZCapsuleIdParams, ZCapsuleResponse } from "@/features/capsules/capsules.schema";
import { defineEndpoint } from "@/lib/endpoints/define";

// POST /api/capsules/:id/accept
export const capsuleAccept = defineEndpoint({
  id: "capsules.accept",
  method: "POST",
  path: "/api/capsules/:id/accept",
  summary: "After the voting window, finalizes on chain: finalized when the thresholds are met, else rejected",
  action: "capsules.accept",
  rolesNote: "any signed wallet, after the window",
  params: ZCapsuleIdParams,
  body: ZAcceptBody,
  response: ZCapsuleResponse,
  rateLimit: ["signed-write"],
  errors: ["CAPSULE_NOT_FOUND", "INVALID_STATE", "CHAIN_UNAVAILABLE", "MISDIRECTED_REQUEST"],
  example: { params: { id: "1" }, body: { capsuleId: "12" } },
});
