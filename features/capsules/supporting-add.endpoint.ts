import { ZAddSupportingBody, ZCapsuleIdParams, ZSupportingAddResponse } from "@/features/capsules/capsules.schema";
import { defineEndpoint } from "@/lib/endpoints/define";

// POST /api/capsules/:id/supporting
export const capsuleSupportingAdd = defineEndpoint({
  id: "capsules.supporting-add",
  method: "POST",
  path: "/api/capsules/:id/supporting",
  summary: "The submitter relates another capsule to this one (past the draft, only while holding an author role at the outlet)",
  action: "capsules.supporting.add",
  roles: { at: "capsuleOutlet", anyOf: ["submitter"], pastDraftAuthorRole: true, what: "add supporting capsules" },
  params: ZCapsuleIdParams,
  body: ZAddSupportingBody,
  response: ZSupportingAddResponse,
  status: 201,
  rateLimit: ["signed-write"],
  errors: ["CONFLICT", "INVALID_STATE"],
  example: { params: { id: "1" }, body: { supportingCapsuleId: "7", relationshipType: "cites" } },
});
