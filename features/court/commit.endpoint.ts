import { ZCaseIdParams, ZJuryActionResponse } from "@/features/court/court.schema";
import { ZCommitBody } from "@/features/court/jury.schema";
import { defineEndpoint } from "@/lib/endpoints/define";

// POST /api/court/case/:id/commit
export const courtCommit = defineEndpoint({
  id: "court.commit",
  method: "POST",
  path: "/api/court/case/:id/commit",
  summary: "Relays a drawn juror's signed commitment (EIP-712 Commit) during the commit period",
  description:
    "commitment = keccak256(abi.encode(caseId, round, juror, uint8[] findings, bytes32 salt)) with the JuryCourt case id; the signature is the juror's EIP-712 Commit (domain Capsule Jury Court, version 1). The contract checks the signature, the draw and the period.",
  action: "court.commit",
  rolesNote: "A juror drawn for the case's current round (checked on chain)",
  params: ZCaseIdParams,
  body: ZCommitBody,
  response: ZJuryActionResponse,
  rateLimit: ["signed-write"],
  errors: ["FORBIDDEN", "INVALID_STATE", "CONFLICT", "INVALID_SIGNATURE", "CHAIN_UNAVAILABLE"],
  example: { params: { id: "1" }, body: { commitment: "0x7d7d7d7d7d7d7d7d7d7d7d7d7d7d7d7d7d7d7d7d7d7d7d7d7d7d7d7d7d7d7d7d", signature: "0x1111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111" } },
});
