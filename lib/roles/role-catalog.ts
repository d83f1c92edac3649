import { parseEther } from "viem";

// Roles and their bond requirements (seed: contributor role ids 1–3; role 4, the retired Court clerk, is kept so
// its earlier grants stay readable and revocable, and gives no power).
// Bonds are in the chain's native token (18 decimals); the lock of a wallet is the largest
// requirement among its active bonded roles, not their sum.

export const COURT_OUTLET_SLUG = "capsule-court";

export const ROLE = { JOURNALIST: 1, REPORTER: 2, EDITOR: 3, COURT_CLERK: 4 } as const;
export type RoleId = (typeof ROLE)[keyof typeof ROLE];
/** The roles that write for an outlet (and may be credited as contributors): the seed's 1–3. */
export const AUTHOR_ROLES: readonly RoleId[] = [ROLE.JOURNALIST, ROLE.REPORTER, ROLE.EDITOR];

/** Whether `roleId` is one of the AUTHOR_ROLES. */
export const isAuthorRole = (roleId: number): boolean => (AUTHOR_ROLES as readonly number[]).includes(roleId);

/**
 * The role an author is credited under when nobody chose one: the lowest author role it holds at the outlet
 * (Journalist when it holds none yet). The bridge credits an author who sends no contributors list so, and the draft
 * form starts the author's own row so: an owner who is only an Editor is credited as Editor, not Journalist.
 */
export function lowestAuthorRole(heldRoleIds: readonly number[]): RoleId {
  const held = AUTHOR_ROLES.filter((roleId) => heldRoleIds.includes(roleId));
  return held.length > 0 ? (Math.min(...held) as RoleId) : ROLE.JOURNALIST;
}

export type RoleDefinition = {
  roleId: RoleId;
  name: string;
  description: string;
  bondRequiredUnits: string;
  canVote: boolean;
  scope: "outlet" | "network";
};

export const roleCatalog: readonly RoleDefinition[] = [
  { roleId: 1, name: "Journalist", description: "Writes and submits capsules for the outlet", bondRequiredUnits: "100", canVote: false, scope: "outlet" },
  { roleId: 2, name: "Reporter", description: "Contributes reporting and evidence to the outlet's capsules", bondRequiredUnits: "50", canVote: false, scope: "outlet" },
  { roleId: 3, name: "Editor", description: "Votes on the outlet's capsules and manages its members", bondRequiredUnits: "250", canVote: true, scope: "outlet" },
  {
    roleId: 4,
    name: "Court clerk",
    description: "Decides nothing since the jury court (a jury of bonded Editors decides every dispute); no longer granted, and the bridge operator may revoke the grants made before at the capsule-court outlet",
    bondRequiredUnits: "500",
    canVote: false,
    scope: "network",
  },
];

export const roleIds = roleCatalog.map((r) => r.roleId);

export function roleDefinition(roleId: number): RoleDefinition | undefined {
  return roleCatalog.find((r) => r.roleId === roleId);
}

export function bondRequired(roleId: number): bigint {
  const role = roleDefinition(roleId);
  return role ? parseEther(role.bondRequiredUnits) : 0n;
}

/** The amount RoleRegistry.setLocked should hold for a wallet with these active bonded roles. */
export function lockFor(roleIdsHeld: number[]): bigint {
  return roleIdsHeld.reduce((max, id) => (bondRequired(id) > max ? bondRequired(id) : max), 0n);
}
