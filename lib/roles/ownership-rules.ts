import { ROLE } from "@/lib/roles/role-catalog";

// Ownership of an outlet is handed over, not taken (docs/DECISIONS.md, "Ownership of an outlet is handed over, not
// taken"): its owner offers it to one of its Editors, who accepts or declines. One module for the bridge's checks and
// for the members panel, which offers nothing the bridge would refuse. Pure: no database, no chain.

/** The error code a refusal answers with (lib/errors/app-error.ts): 403, or 409 for the state of the outlet or wallet. */
export type OwnershipRefusal = { code: "FORBIDDEN" | "CONFLICT" | "INVALID_STATE"; message: string };

/**
 * Whether the actor may offer the outlet's ownership to `wallet`: only the owner, only to an active Editor of the
 * outlet other than itself, and only while no other offer of it is open. The refusal, or undefined.
 */
export function ownershipOfferRefusal(change: {
  outletSlug: string;
  wallet: string;
  actorIsOwner: boolean;
  walletIsOwner: boolean;
  walletIsEditor: boolean;
  openOfferTo: string | undefined;
}): OwnershipRefusal | undefined {
  const outlet = `outlet "${change.outletSlug}"`;
  if (!change.actorIsOwner) return { code: "FORBIDDEN", message: `Only the owner of ${outlet} may offer its ownership` };
  if (change.walletIsOwner) return { code: "CONFLICT", message: `${change.wallet} already owns ${outlet}` };
  if (change.openOfferTo !== undefined) {
    return { code: "CONFLICT", message: `The ownership of ${outlet} is already offered to ${change.openOfferTo}; withdraw that offer first` };
  }
  if (!change.walletIsEditor) {
    return { code: "INVALID_STATE", message: `${change.wallet} is not an Editor of ${outlet}; its ownership is offered only to one of its Editors (appoint the wallet Editor first)` };
  }
  return undefined;
}

/**
 * Whether the offered Editor may accept now: the wallet that offered must still own the outlet and the Editor still
 * hold its Editor role (it may have been revoked, or given up, since the offer). The refusal, or undefined.
 */
export function ownershipAcceptRefusal(change: { outletSlug: string; offeredByIsOwner: boolean; walletIsEditor: boolean }): OwnershipRefusal | undefined {
  if (!change.offeredByIsOwner) return { code: "INVALID_STATE", message: `The wallet that offered the ownership of outlet "${change.outletSlug}" no longer owns it` };
  if (!change.walletIsEditor) {
    return { code: "INVALID_STATE", message: `You no longer hold the Editor role at outlet "${change.outletSlug}"; only one of its Editors may take its ownership over` };
  }
  return undefined;
}

const isMemberRole = (roleId: number) => roleId === ROLE.JOURNALIST || roleId === ROLE.REPORTER;

/**
 * What RoleRegistry's member flag of a wallet at an outlet should become when one of its roles there ends (revoked,
 * given up): `false` to clear it, undefined to leave it. The flag keeps the wallet off the outlet's juries and puts it
 * on the outlet's side in its cases. The owner keeps it whatever roles it holds; a Journalist or Reporter keeps it
 * while it holds one of those roles; a former owner (one that handed the outlet over) keeps it while it holds any
 * role there, and loses it with its last.
 */
export function memberFlagAfterRoleEnds(change: { roleId: number; remainingRoleIds: readonly number[]; holderIsOwner: boolean; formerOwner: boolean }): false | undefined {
  if (change.holderIsOwner) return undefined;
  if (change.remainingRoleIds.some(isMemberRole)) return undefined;
  if (change.formerOwner) return change.remainingRoleIds.length > 0 ? undefined : false;
  return isMemberRole(change.roleId) ? false : undefined;
}

/** At a handover, the former owner's member flag: kept while it holds a role at the outlet (its Editor role), else cleared. */
export const formerOwnerKeepsMemberFlag = (heldRoleIds: readonly number[]): boolean => heldRoleIds.length > 0;
