import { ZCaseIdParams, ZJuryActionResponse } from "@/features/court/court.schema";
import { ZRevealBody } from "@/features/court/jury.schema";
import { defineEndpoint } from "@/lib/endpoints/define";

// POST /api/court/case/:id/reveal
export const courtReveal = defineEndpoint({
  id: "court.reveal",
  method: "POST",
  path: "/api/court/case/:id/reveal",
  summary: "Relays a juror's signed reveal (findings, public reasons, salt; EIP-712 Reveal) during the reveal period",
  description: "One finding and one public reason (at most 280 bytes) per disputed claim, in the case's claim order; they must match the juror's commitment.",
  action: "court.reveal",
  rolesNote: "A juror who committed in the case's current round (checked on chain)",
  params: ZCaseIdParams,
  body: ZRevealBody,
  response: ZJuryActionResponse,
  rateLimit: ["signed-write"],
  errors: ["FORBIDDEN", "INVALID_STATE", "CONFLICT", "INVALID_SIGNATURE", "CHAIN_UNAVAILABLE"],
  example: { params: { id: "1" }, body: { findings: ["verified"], reasons: ["The notice confirms the date."], salt: "0xc4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c4", signature: "0x1111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111" } },
});
