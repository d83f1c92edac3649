import { ROLE } from "@/lib/roles/role-catalog";
import { ZCapsuleResponse, ZCreateCapsuleBody } from "@/features/capsules/capsules.schema";
import { defineEndpoint } from "@/lib/endpoints/define";

// POST /api/capsules/create
export const capsuleCreate = defineEndpoint({
  id: "capsules.create",
  method: "POST",
  path: "/api/capsules/create",
  summary: "Stages a draft at an outlet where the signer holds an author role",
  action: "capsules.create",
  roles: { at: "bodyOutlet", anyOf: [ROLE.JOURNALIST, ROLE.REPORTER, ROLE.EDITOR], what: "create capsules" },
  body: ZCreateCapsuleBody,
  response: ZCapsuleResponse,
  status: 201,
  rateLimit: ["signed-write"],
  errors: ["CONFLICT", "MISDIRECTED_REQUEST"],
  example: { body: { title: "Harbour bridge reopens after repairs", body: "The harbour bridge reopened on Monday after eight months of repairs.", outletSlug: "harbour-gazette" } },
});
