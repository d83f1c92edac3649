import { ROLE } from "@/lib/roles/role-catalog";
import { ZVerifyOutletBody, ZVerifyOutletResponse } from "@/features/outlets/outlets.schema";
import { defineEndpoint } from "@/lib/endpoints/define";

// POST /api/outlets/verify
export const outletVerify = defineEndpoint({
  id: "outlets.verify",
  method: "POST",
  path: "/api/outlets/verify",
  summary: "Checks the outlet's dns_txt record and moves its status (pending/suspended → active, active → suspended)",
  action: "outlets.verify",
  roles: { at: "bodyOutlet", anyOf: ["owner", ROLE.EDITOR], what: "verify its domain" },
  body: ZVerifyOutletBody,
  response: ZVerifyOutletResponse,
  rateLimit: ["signed-write"],
  errors: ["INVALID_STATE"],
  example: { body: { outletSlug: "harbour-gazette", method: "dns_txt" } },
});
