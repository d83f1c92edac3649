import { z } from "zod";
import { pageQuery } from "@/lib/schemas/pagination";
import { pagedResponse } from "@/lib/schemas/primitives";
import { zDecimalId } from "@/lib/schemas/whole-number";
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

// Offers (docs/DECISIONS.md, "A role granted to another wallet is an offer"): a grant to another wallet
// changes nothing on chain until that wallet accepts it.
export const ZRoleOfferStatus = z.enum(["pending", "accepted", "declined", "withdrawn", "expired"]);

export const ZRoleOffer = z.object({
  offerId: z.string(),
  outletSlug: z.string(),
  outletName: z.string(),
  wallet: z.string(),
  roleId: z.number().int(),
  name: z.string(),
  canVote: z.boolean(),
  offeredBy: z.string(),
  offeredAt: z.string(),
  expiresAt: z.string(),
  status: ZRoleOfferStatus,
});
export type TRoleOffer = z.infer<typeof ZRoleOffer>;

export const ZRoleGrantedResponse = ZRoleChangeResponse.extend({ status: z.literal("granted") });
export const ZRoleOfferedResponse = z.object({ ok: z.literal(true), status: z.literal("offered"), offer: ZRoleOffer });
/** A grant to oneself takes effect at once; a grant to another wallet answers the offer it made. */
export const ZRoleGrantResponse = z.discriminatedUnion("status", [ZRoleGrantedResponse, ZRoleOfferedResponse]);

export const ZRoleOffersBody = z.object({ outletSlug: ZSlug.optional() }).strict();
export const ZRoleOffersResponse = z.object({
  ok: z.literal(true),
  wallet: z.string(),
  /** Open offers to the signer. */
  received: z.array(ZRoleOffer),
  /** Open offers at `outletSlug` when the signer may grant roles there; otherwise empty. */
  sent: z.array(ZRoleOffer),
});

export const ZRoleOfferIdBody = z.object({ offerId: zDecimalId("offer id") }).strict();
export const ZRoleOfferResponse = z.object({ ok: z.literal(true), offer: ZRoleOffer });
