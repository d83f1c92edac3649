import { ROLE } from "@/lib/roles/role-catalog";
import { ZRoleChangeBody, ZRoleGrantResponse } from "@/features/roles/roles.schema";
import { defineEndpoint } from "@/lib/endpoints/define";

// POST /api/roles/grant
export const roleGrant = defineEndpoint({
  id: "roles.grant",
  method: "POST",
  path: "/api/roles/grant",
  summary: "Grants a bonded role at an outlet: to oneself at once (locks the bond on chain), to another wallet as an offer it must accept",
  description:
    "A grant to the signer's own wallet (the owner's Editor role) takes effect at once and answers `status: \"granted\"` with the chain's state. A grant to another wallet changes nothing on chain: it records an offer (`status: \"offered\"`) that the grantee accepts with `POST /api/roles/offers/accept` (then the bond is checked and locked and the member or voter flag set), declines, or lets expire after 14 days; the owner or an Editor may withdraw it (an offer of the Editor role: the owner). Only the owner grants or offers the Editor role; an Editor offers Journalist and Reporter roles.",
  action: "roles.grant",
  roles: { at: "bodyOutlet", anyOf: ["owner", ROLE.EDITOR], what: "grant roles" },
  rolesNote: `an Editor offers only Journalist and Reporter roles (only the owner appoints an Editor); not the Court clerk role (${ROLE.COURT_CLERK}), which decides nothing since the jury court and is no longer granted`,
  body: ZRoleChangeBody,
  response: ZRoleGrantResponse,
  status: 201,
  rateLimit: ["signed-write"],
  errors: ["FORBIDDEN", "OUTLET_NOT_ACTIVE", "INVALID_STATE", "CONFLICT", "INSUFFICIENT_BOND", "CHAIN_UNAVAILABLE"],
  example: { body: { outletSlug: "harbour-gazette", wallet: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8", roleId: 1 } },
});
