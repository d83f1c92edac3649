import { z } from "zod";
import { zMultiLine, zOneLine } from "@/lib/schemas/plain-text";
import { ZStoredUri } from "@/lib/schemas/uri";
import { getAddress } from "viem";
import { checkDomainName } from "@/lib/dns/domain-name";
import { lookalikeProblem } from "@/lib/dns/lookalike-domain";
import { pageQuery } from "@/lib/schemas/pagination";
import { pagedResponse } from "@/lib/schemas/primitives";
import { zDecimalId } from "@/lib/schemas/whole-number";

// Outlets (seed: Outlets; docs/ARCHITECTURE.md, "States"). Shared by the bridge routes and the pages.

export const SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{1,62}[a-z0-9])$/;

export const ZSlug = z
  .string()
  .regex(SLUG_PATTERN, "3-64 lowercase letters, digits or hyphens, not starting or ending with a hyphen");

/** Any-case 0x address, answered checksummed. */
export const ZAddress = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/, "a 0x-prefixed 20-byte hex address")
  .transform((value) => getAddress(value.toLowerCase()));

export const ZDomain = z.string().max(300).transform((value, ctx) => {
  const check = checkDomainName(value);
  if (!check.ok) {
    ctx.addIssue({ code: "custom", message: check.reason });
    return z.NEVER;
  }
  // an xn-- label mixing scripts (a Cyrillic "а" in "apple") would pass for another outlet's name
  const lookalike = lookalikeProblem(check.domain);
  if (lookalike) {
    ctx.addIssue({ code: "custom", message: lookalike.reason });
    return z.NEVER;
  }
  return check.domain;
});

export const ZOutletStatus = z.enum(["pending", "active", "suspended"]);
export const ZVerificationResult = z.enum(["verified", "no_record", "wrong_token", "wrong_value", "wrong_name", "timeout", "dns_error"]);

export const ZCreateOutletBody = z
  .object({
    slug: ZSlug,
    name: zOneLine(1, 120),
    domain: ZDomain,
    metadataURI: ZStoredUri.optional(),
    description: zMultiLine(0, 2000, { trim: true }).optional(),
  })
  .strict();
export type TCreateOutletBody = z.infer<typeof ZCreateOutletBody>;

export const ZVerifyOutletBody = z.object({ outletSlug: ZSlug, method: z.literal("dns_txt") }).strict();
export type TVerifyOutletBody = z.infer<typeof ZVerifyOutletBody>;

export const ZListOutletsQuery = pageQuery.extend({ status: ZOutletStatus.optional() });
export type TListOutletsQuery = z.infer<typeof ZListOutletsQuery>;

export const ZOutletSlugParams = z.object({ slug: ZSlug });

const ZDistribution = z.object({
  tier: z.enum(["none", "standard", "elevated", "premium"]),
  acceptanceRate: z.number(),
  cleanRecord: z.boolean(),
  monthsActive: z.number().int(),
  acceptedCount: z.number().int(),
  rejectedCount: z.number().int(),
  minimumSample: z.object({ elevated: z.number().int(), premium: z.number().int() }),
});

/**
 * The seed's outlet object (inside a capsule read response, and the head of every outlet record):
 * `outletMetadataURI` is "" when the outlet registered none (the seed types it as a string).
 */
export const ZOutletSummary = z.object({
  outletId: z.string(),
  outletSlug: z.string(),
  outletMetadataURI: z.string(),
  outletWallet: z.string().regex(/^0x[0-9a-fA-F]{40}$/),
  status: ZOutletStatus,
});
export type TOutletSummary = z.infer<typeof ZOutletSummary>;

export const ZOutlet = ZOutletSummary.extend({
  name: z.string(),
  domain: z.string(),
  description: z.string().nullable(),
  verification: z.object({
    method: z.literal("dns_txt"),
    recordName: z.string(),
    recordType: z.literal("TXT"),
    recordValue: z.string(),
    verifiedAt: z.string().nullable(),
    lastCheckedAt: z.string().nullable(),
    lastResult: ZVerificationResult.nullable(),
  }),
  trustedPublisher: z.boolean(),
  policyId: z.string(),
  distribution: ZDistribution,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TOutlet = z.infer<typeof ZOutlet>;

export const ZOutletResponse = z.object({ ok: z.literal(true), outlet: ZOutlet });

export const ZCreateOutletResponse = z.object({
  ok: z.literal(true),
  outlet: ZOutlet,
  txtRecord: z.object({ name: z.string(), type: z.literal("TXT"), value: z.string() }),
});

export const ZVerifyOutletResponse = z.object({
  ok: z.literal(true),
  verified: z.boolean(),
  reason: z.enum(["no_record", "wrong_token", "wrong_value", "wrong_name", "timeout", "dns_error"]).nullable(),
  /** What the check found, in a sentence (for a near miss: the record it found and why it does not match). */
  message: z.string(),
  outlet: ZOutlet,
});
export type TVerifyOutletResponse = z.infer<typeof ZVerifyOutletResponse>;


export const ZListOutletsResponse = pagedResponse(ZOutlet);

export const ZMemberRole = z.object({
  assignmentId: z.string(),
  roleId: z.number().int(),
  name: z.string(),
  bonded: z.boolean(),
  grantedAt: z.string(),
  grantedBy: z.string(),
});

export const ZOutletMember = z.object({ wallet: z.string(), isOwner: z.boolean(), roles: z.array(ZMemberRole) });
export const ZOutletUsersQuery = pageQuery;
export const ZOutletUsersResponse = pagedResponse(ZOutletMember).extend({ outletSlug: z.string() });

// Ownership offers (docs/DECISIONS.md, "Ownership of an outlet is handed over, not taken"): the owner offers the outlet
// to one of its Editors; the owner changes only when that Editor accepts.
export const ZOwnershipOfferStatus = z.enum(["pending", "accepted", "declined", "withdrawn"]);

export const ZOwnershipOffer = z.object({
  offerId: z.string(),
  outletSlug: z.string(),
  outletName: z.string(),
  /** The Editor it is offered to. */
  wallet: z.string(),
  /** The owner who offered it. */
  offeredBy: z.string(),
  offeredAt: z.string(),
  status: ZOwnershipOfferStatus,
  closedAt: z.string().nullable(),
});
export type TOwnershipOffer = z.infer<typeof ZOwnershipOffer>;

export const ZOwnershipOfferBody = z.object({ outletSlug: ZSlug, wallet: ZAddress }).strict();
export const ZOwnershipOfferReadBody = z.object({ outletSlug: ZSlug }).strict();
export const ZOwnershipOfferIdBody = z.object({ offerId: zDecimalId("offer id") }).strict();
export const ZOwnershipOfferResponse = z.object({ ok: z.literal(true), offer: ZOwnershipOffer });
/** The outlet's open offer, to its owner and its Editors; null when there is none or the signer may not see it. */
export const ZOwnershipOfferReadResponse = z.object({ ok: z.literal(true), outletSlug: z.string(), offer: ZOwnershipOffer.nullable() });
export const ZOwnershipAcceptResponse = z.object({
  ok: z.literal(true),
  offer: ZOwnershipOffer,
  /** The outlet as it is now: `outletWallet` is the new owner. */
  outlet: ZOutlet,
  /** The operator's RoleRegistry transactions (the new owner's member flag; the former owner's when it holds no role). */
  txHashes: z.array(z.string()),
});
