import { COURT_OUTLET_SLUG, ROLE } from "@/lib/roles/role-catalog";
import { ZRoleChangeBody, ZRoleChangeResponse } from "@/features/roles/roles.schema";
import { defineEndpoint } from "@/lib/endpoints/define";

// POST /api/roles/revoke
export const roleRevoke = defineEndpoint({
  id: "roles.revoke",
  method: "POST",
  path: "/api/roles/revoke",
  summary: "Revokes a role at an outlet, or gives up one's own (re-locks the bond on chain); works at any outlet status",
  action: "roles.revoke",
  roles: { at: "bodyOutlet", anyOf: ["owner", ROLE.EDITOR, "holder"], what: "revoke roles" },
  rolesNote: `an Editor revokes only Journalist and Reporter roles, and none of the owner's (only the owner revokes an Editor's role); the Court clerk role (${ROLE.COURT_CLERK}, retired: it decides nothing) only by the bridge operator or its holder, at "${COURT_OUTLET_SLUG}"`,
  body: ZRoleChangeBody,
  response: ZRoleChangeResponse,
  rateLimit: ["signed-write"],
  errors: ["FORBIDDEN", "ROLE_NOT_FOUND", "CHAIN_UNAVAILABLE"],
  example: { body: { outletSlug: "harbour-gazette", wallet: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8", roleId: 1 } },
});
