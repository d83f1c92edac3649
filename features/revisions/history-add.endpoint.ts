import { ROLE } from "@/lib/roles/role-catalog";
import { ZAddHistoryBody, ZCapsuleIdParams, ZCapsuleResponse } from "@/features/capsules/capsules.schema";
import { defineEndpoint } from "@/lib/endpoints/define";

// POST /api/capsules/:id/history
export const capsuleHistoryAdd = defineEndpoint({
  id: "capsules.history-add",
  method: "POST",
  path: "/api/capsules/:id/history",
  summary: "Starts a correction, retraction or revision draft in the capsule's chain",
  action: "capsules.history.add",
  roles: { at: "capsuleOutlet", anyOf: [ROLE.JOURNALIST, ROLE.REPORTER, ROLE.EDITOR], what: "revise its capsules" },
  params: ZCapsuleIdParams,
  body: ZAddHistoryBody,
  response: ZCapsuleResponse,
  status: 201,
  rateLimit: ["signed-write"],
  errors: ["INVALID_STATE", "CONFLICT", "MISDIRECTED_REQUEST"],
  example: { params: { id: "1" }, body: { capsuleType: "correction", revisionReason: "The reopening date in the first paragraph was wrong." } },
});
