import { ZAddEvidenceBody, ZCapsuleIdParams, ZEvidenceAddResponse } from "@/features/capsules/capsules.schema";
import { defineEndpoint } from "@/lib/endpoints/define";

// POST /api/capsules/:id/evidence
export const capsuleEvidenceAdd = defineEndpoint({
  id: "capsules.evidence-add",
  method: "POST",
  path: "/api/capsules/:id/evidence",
  summary: "The submitter or a contributor adds one evidence item (drafts, or non-primary items on a finalized capsule, only while holding an author role at the outlet)",
  action: "capsules.evidence.add",
  roles: { at: "capsuleOutlet", anyOf: ["submitter", "contributor"], pastDraftAuthorRole: true, what: "add evidence" },
  params: ZCapsuleIdParams,
  body: ZAddEvidenceBody,
  response: ZEvidenceAddResponse,
  status: 201,
  rateLimit: ["signed-write"],
  errors: ["INVALID_STATE", "CONFLICT"],
  example: { params: { id: "1" }, body: { uri: "https://archive.example.org/council/notice-2026-114.pdf", contentHash: "0xabababababababababababababababababababababababababababababababab", evidenceType: "document", mimeType: "application/pdf", isPrimary: false, label: "The council's reopening notice" } },
});
