import { ZCaseIdParams, ZJuryActionResponse } from "@/features/court/court.schema";
import { ZEvidenceBody } from "@/features/court/jury.schema";
import { defineEndpoint } from "@/lib/endpoints/define";

// POST /api/court/case/:id/evidence
export const courtEvidence = defineEndpoint({
  id: "court.evidence",
  method: "POST",
  path: "/api/court/case/:id/evidence",
  summary: "A party adds evidence to a jury case during its evidence period (relayed on chain)",
  description:
    "The challenger (side 1) or the capsule's outlet (side 2: its author or anyone holding a role there; this is the outlet's reply) adds an evidence URI. JuryCourt.submitEvidence checks the party and the period; the operator relays it through the outbox. Each side may have at most 20 evidence items in a case (409 CONFLICT beyond, nothing relayed).",
  action: "court.evidence",
  rolesNote: "The challenger, the capsule's author or anyone holding a role at its outlet (checked on chain)",
  params: ZCaseIdParams,
  body: ZEvidenceBody,
  response: ZJuryActionResponse,
  rateLimit: ["signed-write"],
  errors: ["FORBIDDEN", "INVALID_STATE", "CONFLICT", "CHAIN_UNAVAILABLE"],
  example: { params: { id: "1" }, body: { uri: "https://archive.example.org/council/notice-2026-114.pdf" } },
});
