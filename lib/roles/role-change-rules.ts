import { ROLE } from "@/lib/roles/role-catalog";

// Editors manage the outlet's Journalists and Reporters; its owner manages its Editors, who make up its electorate
// (docs/DECISIONS.md, "Who may revoke whom" and "Only the owner appoints Editors"). One module for the bridge's
// checks and for the members panel, which offers nothing the bridge would refuse.

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

/**
 * Who may offer (grant) a role at an outlet: the owner any role; an Editor Journalist and Reporter roles only. An Editor
 * who could appoint Editors could fill the electorate with bonded wallets of its own, which outvote the rest (votes
 * weigh by bond). Whether the actor manages the outlet at all is checked before. The refusal in words, or undefined.
 */
export function grantRefusal(change: { outletSlug: string; roleId: number; actorIsOwner: boolean }): string | undefined {
  if (change.actorIsOwner || change.roleId !== ROLE.EDITOR) return undefined;
  return `Only the owner of outlet "${change.outletSlug}" may appoint an Editor; an Editor may offer Journalist and Reporter roles`;
}

/**
 * Who may withdraw an open role offer, among the outlet's managers: the owner any; an Editor any but an offer of the
 * Editor role, which only the owner makes. The refusal in words, or undefined.
 */
export function withdrawRefusal(change: { outletSlug: string; roleId: number; actorIsOwner: boolean }): string | undefined {
  if (change.actorIsOwner || change.roleId !== ROLE.EDITOR) return undefined;
  return `Only the owner of outlet "${change.outletSlug}" may withdraw an offer of the Editor role`;
}
