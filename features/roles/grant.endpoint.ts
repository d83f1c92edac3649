import { ROLE } from "@/lib/roles/role-catalog";
import { ZRoleChangeBody, ZRoleChangeResponse } from "@/features/roles/roles.schema";
import { defineEndpoint } from "@/lib/endpoints/define";

// POST /api/roles/grant
export const roleGrant = defineEndpoint({
  id: "roles.grant",
  method: "POST",
  path: "/api/roles/grant",
  summary: "Grants a bonded role at an outlet (locks the bond on chain)",
  action: "roles.grant",
  roles: { at: "bodyOutlet", anyOf: ["owner", ROLE.EDITOR], what: "grant roles" },
  rolesNote: `not the Court clerk role (${ROLE.COURT_CLERK}), which decides nothing since the jury court and is no longer granted`,
  body: ZRoleChangeBody,
  response: ZRoleChangeResponse,
  status: 201,
  rateLimit: ["signed-write"],
  errors: ["FORBIDDEN", "OUTLET_NOT_ACTIVE", "INVALID_STATE", "CONFLICT", "INSUFFICIENT_BOND", "CHAIN_UNAVAILABLE"],
  example: { body: { outletSlug: "harbour-gazette", wallet: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8", roleId: 1 } },
});
