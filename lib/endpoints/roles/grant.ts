import { COURT_OUTLET_SLUG, ROLE } from "@/lib/roles/role-catalog";
import { ZRoleChangeBody, ZRoleChangeResponse } from "@/lib/schemas/roles";
import { defineEndpoint } from "../define";

// POST /api/roles/grant
export const roleGrant = defineEndpoint({
  id: "roles.grant",
  method: "POST",
  path: "/api/roles/grant",
  summary: "Grants a bonded role at an outlet (locks the bond on chain)",
  action: "roles.grant",
  roles: { at: "bodyOutlet", anyOf: ["owner", ROLE.EDITOR], what: "grant roles" },
  rolesNote: `the Court clerk role (${ROLE.COURT_CLERK}) only by the bridge operator, at "${COURT_OUTLET_SLUG}"`,
  body: ZRoleChangeBody,
  response: ZRoleChangeResponse,
  status: 201,
  rateLimit: ["signed-write"],
  errors: ["FORBIDDEN", "OUTLET_NOT_ACTIVE", "CONFLICT", "INSUFFICIENT_BOND", "CHAIN_UNAVAILABLE"],
  example: { body: { outletSlug: "harbour-gazette", wallet: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8", roleId: 1 } },
});
