import { ROLE } from "@/lib/roles/role-catalog";
import { MAX_UNVERIFIED_OUTLETS, unverifiedBoundReached } from "@/lib/outlets/unverified-bound";

// Ownership of an outlet is handed over, not taken (docs/DECISIONS.md, "Ownership of an outlet is handed over, not
// taken"): its owner offers it to one of its Editors, who accepts or declines. One module for the bridge's checks and
// for the members panel, which offers nothing the bridge would refuse. Pure: no database, no chain.

/** The error code a refusal answers with (lib/errors/app-error.ts): 403, or 409 for the state of the outlet or wallet. */
export type OwnershipRefusal = { code: "FORBIDDEN" | "CONFLICT" | "INVALID_STATE"; message: string };

/**
 * Whether taking the outlet over would leave a wallet owning more never-verified outlets than one wallet may
 * (docs/DECISIONS.md, "A handover keeps the bound on never-verified outlets"): only an outlet never verified counts.
 */
export const wouldPassUnverifiedBound = (neverVerifiedOwned: number, outletNeverVerified: boolean): boolean => outletNeverVerified && neverVerifiedOwned >= MAX_UNVERIFIED_OUTLETS;

/**
 * Whether the actor may offer the outlet's ownership to `wallet`: only the owner, only to an active Editor of the
 * outlet other than itself, only while no other offer of it is open, and not to a wallet that taking it would put
 * past the bound on never-verified outlets (the accept checks that again). The refusal, or undefined.
 */
export function ownershipOfferRefusal(change: {
  outletSlug: string;
  wallet: string;
  actorIsOwner: boolean;
  walletIsOwner: boolean;
  walletIsEditor: boolean;
  openOfferTo: string | undefined;
  walletPastUnverifiedBound: boolean;
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
  if (change.walletPastUnverifiedBound) {
    return { code: "CONFLICT", message: `${unverifiedBoundReached(change.wallet)}; ${outlet} may be offered to it once its domain, or one of those, is verified` };
  }
  return undefined;
}

/**
 * Whether the offered Editor may accept now: the wallet that offered must still own the outlet, the Editor still
 * hold its Editor role (it may have been revoked, or given up, since the offer), and taking the outlet must not put
 * it past the bound on never-verified outlets (it may have registered outlets since). The refusal, or undefined.
 */
export function ownershipAcceptRefusal(change: { outletSlug: string; offeredByIsOwner: boolean; walletIsEditor: boolean; walletPastUnverifiedBound: boolean }): OwnershipRefusal | undefined {
  if (!change.offeredByIsOwner) return { code: "INVALID_STATE", message: `The wallet that offered the ownership of outlet "${change.outletSlug}" no longer owns it` };
  if (!change.walletIsEditor) {
    return { code: "INVALID_STATE", message: `You no longer hold the Editor role at outlet "${change.outletSlug}"; only one of its Editors may take its ownership over` };
  }
  if (change.walletPastUnverifiedBound) {
    return { code: "CONFLICT", message: `${unverifiedBoundReached("You", "have")}; verify one of them first, or have the domain of outlet "${change.outletSlug}" verified, then accept` };
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
