import { z } from "zod";
import { pageQuery } from "@/lib/schemas/pagination";
import { pagedResponse } from "@/lib/schemas/primitives";
import { roleIds } from "@/lib/roles/role-catalog";
import { ZAddress, ZSlug } from "@/features/outlets/outlets.schema";

// Roles and bonds (seed: Roles and identity; docs/ARCHITECTURE.md, design rules). Amounts are decimal wei strings.

export const ZRoleId = z
  .number()
  .int()
  .refine((id) => (roleIds as number[]).includes(id), `one of ${roleIds.join(", ")}`);

export const ZRoleChangeBody = z.object({ outletSlug: ZSlug, wallet: ZAddress, roleId: ZRoleId }).strict();
export type TRoleChangeBody = z.infer<typeof ZRoleChangeBody>;

export const ZRoleCatalogResponse = z.object({
  ok: z.literal(true),
  items: z.array(
    z.object({
      roleId: z.number().int(),
      name: z.string(),
      description: z.string(),
      bondRequired: z.string(),
      bondRequiredUnits: z.string(),
      canVote: z.boolean(),
      scope: z.enum(["outlet", "network"]),
    }),
  ),
});

export const ZRoleAssignment = z.object({
  assignmentId: z.string(),
  outletId: z.string(),
  outletSlug: z.string(),
  outletName: z.string(),
  wallet: z.string(),
  roleId: z.number().int(),
  name: z.string(),
  bonded: z.boolean(),
  grantedAt: z.string(),
  grantedBy: z.string(),
  revokedAt: z.string().nullable(),
  revokedBy: z.string().nullable(),
});
export type TRoleAssignment = z.infer<typeof ZRoleAssignment>;

export const ZBond = z.object({ bonded: z.string(), locked: z.string(), unlocked: z.string() });

export const ZRoleChangeResponse = z.object({
  ok: z.literal(true),
  role: ZRoleAssignment,
  bond: ZBond,
  isVoter: z.boolean(),
  txHashes: z.array(z.string()),
});

export const ZWalletOutletParams = z.object({ wallet: ZAddress, outletSlug: ZSlug });
export const ZWalletParams = z.object({ address: ZAddress });

export const ZWalletOutletRolesResponse = z.object({
  ok: z.literal(true),
  wallet: z.string(),
  outletSlug: z.string(),
  roles: z.array(ZRoleAssignment),
  bond: ZBond,
  isVoter: z.boolean(),
});

export const ZWalletRolesQuery = pageQuery;
export const ZWalletRolesResponse = pagedResponse(ZRoleAssignment).extend({ wallet: z.string() });
