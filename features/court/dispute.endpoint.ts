import { ZCapsuleIdParams } from "@/features/capsules/capsules.schema";
import { ZDisputeBody, ZDisputeResponse } from "@/features/court/court.schema";
import { defineEndpoint } from "@/lib/endpoints/define";

// POST /api/capsules/:id/dispute
export const capsuleDispute = defineEndpoint({
  id: "capsules.dispute",
  method: "POST",
  path: "/api/capsules/:id/dispute",
  summary: "A bonded wallet files the JuryCourt case it opened (openTxHash, fee paid) on a finalized capsule; the label becomes contested and a jury decides",
  action: "capsules.dispute",
  roles: { at: "capsuleOutlet", walletBond: "nonzero", what: "open a court case", messages: { insufficientBond: "Opening a court case needs an active bond; {wallet} has none deposited (deposit one on the Bonds page)" } },
  params: ZCapsuleIdParams,
  body: ZDisputeBody,
  response: ZDisputeResponse,
  status: 201,
  rateLimit: ["signed-write"],
  errors: ["VALIDATION_ERROR", "FORBIDDEN", "INVALID_STATE", "CONFLICT", "CHAIN_UNAVAILABLE"],
  example: { params: { id: "1" }, body: { grounds: "The reopening date in the first paragraph contradicts the council's notice.", openTxHash: `0x${"ab".repeat(32)}` } },
});
