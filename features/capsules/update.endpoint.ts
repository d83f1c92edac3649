import { ZCapsuleResponse, ZUpdateCapsuleBody } from "@/features/capsules/capsules.schema";
import { defineEndpoint } from "@/lib/endpoints/define";

// POST /api/capsules/update
export const capsuleUpdate = defineEndpoint({
  id: "capsules.update",
  method: "POST",
  path: "/api/capsules/update",
  summary: "The submitter edits a draft (hashes recomputed, given lists replaced)",
  action: "capsules.update",
  roles: { at: "bodyCapsuleOutlet", anyOf: ["submitter"], what: "update it" },
  body: ZUpdateCapsuleBody,
  response: ZCapsuleResponse,
  rateLimit: ["signed-write"],
  errors: ["INVALID_STATE", "CONFLICT", "DRAFT_CHANGED", "MISDIRECTED_REQUEST"],
  example: { body: { capsuleId: "12", title: "Harbour bridge reopens after repairs", subtitle: "The council says the work came in under budget", ifRevision: 3 } },
});
