import { ROLE } from "@/lib/roles/role-catalog";

/**
 * Who may revoke whom at an outlet (docs/DECISIONS.md, "Who may revoke whom"), for the bridge's check and for
 * the members panel, which offers no Revoke the bridge would refuse. A holder may always give up its own role and
 * the owner may revoke any role; an Editor may revoke Journalist and Reporter roles only, and none of the
 * owner's. Whether the actor manages the outlet at all is checked before (the owner or an active Editor).
 * Answers the refusal in words, or undefined when the revocation is allowed.
 */
export function revokeRefusal(change: { outletSlug: string; roleId: number; ownRole: boolean; actorIsOwner: boolean; holderIsOwner: boolean }): string | undefined {
  if (change.ownRole || change.actorIsOwner) return undefined;
  if (change.holderIsOwner) return `Only the owner of outlet "${change.outletSlug}" may give up the owner's roles; an Editor may not revoke them`;
  if (change.roleId === ROLE.EDITOR) return `Only the owner of outlet "${change.outletSlug}" may revoke an Editor's role; an Editor may revoke Journalist and Reporter roles`;
  return undefined;
}
