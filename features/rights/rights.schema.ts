import { z } from "zod";
import { zMultiLine } from "@/lib/schemas/plain-text";
import { getAddress } from "viem";
import { pageQuery } from "@/lib/schemas/pagination";
import { ZSlug } from "@/features/outlets/outlets.schema";
import { pagedResponse, ZAddressOut, ZUintString, zWeiInput } from "@/lib/schemas/primitives";
import { zDecimalId } from "@/lib/schemas/whole-number";

// Rights listings and licences (seed: Rights and ads). Prices are wei decimal strings in CAP.

export const licenceTypes = ["exclusive", "non_exclusive", "syndication", "editorial_use"] as const;

/** ISO 3166-1 alpha-2 (upper case) or "worldwide". */
export const ZTerritory = z
  .string()
  .trim()
  .regex(/^(?:[A-Za-z]{2}|worldwide)$/i, 'an ISO 3166-1 alpha-2 country code (e.g. "DE") or "worldwide"')
  .transform((value) => (value.toLowerCase() === "worldwide" ? "worldwide" : value.toUpperCase()));

export const ZCreateListingBody = z
  .object({
    capsuleId: zDecimalId("capsule id"),
    licenceType: z.enum(licenceTypes),
    territory: ZTerritory,
    price: zWeiInput("a wei amount as a decimal string"),
    currency: z.literal("CAP"),
    terms: zMultiLine(10, 5000, { trim: true }),
    expiresAt: z.string().regex(/^[1-9][0-9]{0,11}$/, "Unix seconds as a decimal string").transform(Number).optional(),
    /** Who licence payments must reach; the listing's creator when omitted. */
    payee: z
      .string()
      .regex(/^0x[0-9a-fA-F]{40}$/, "a 0x-prefixed 20-byte address")
      .refine((v) => !/^0x0{40}$/.test(v), "not the zero address")
      .transform((v) => getAddress(v))
      .optional(),
  })
  .strict();
export type TCreateListingBody = z.infer<typeof ZCreateListingBody>;

export const ZLicenseBody = z
  .object({
    listingId: zDecimalId("listing id"),
    /** Required for a priced listing: the licensee's deposit into LicenceEscrow for this listing (verified on the node). */
    paymentTxHash: z.string().regex(/^0x[0-9a-fA-F]{64}$/, "0x + 64 hex digits").transform((v) => v.toLowerCase()).optional(),
  })
  .strict();
export type TLicenseBody = z.infer<typeof ZLicenseBody>;

export const ZWithdrawListingBody = z.object({ listingId: zDecimalId("listing id") }).strict();
export type TWithdrawListingBody = z.infer<typeof ZWithdrawListingBody>;

export const ZListListingsQuery = pageQuery.extend({ capsuleId: zDecimalId("capsule id").optional(), outlet: ZSlug.optional() });
export type TListListingsQuery = z.infer<typeof ZListListingsQuery>;

export const ZLicence = z.object({
  licenceId: z.string(),
  listingId: z.string(),
  capsuleId: z.string(),
  buyer: ZAddressOut,
  price: ZUintString,
  currency: z.literal("CAP"),
  paymentTxHash: z.string().nullable(),
  /** True when the bridge checked the payment on the node (false: a free licence, or one recorded before payments were checked). */
  paymentVerified: z.boolean(),
  /** Where the payment went and what it carried (wei), and the block it was mined in; null when free or unverified. */
  payee: ZAddressOut.nullable(),
  paidValue: ZUintString.nullable(),
  paymentBlockNumber: ZUintString.nullable(),
  createdAt: ZUintString,
  /**
   * valid: free, or its escrow payment was released to the payee; pending: the escrow still holds the payment (the
   * operator's release is not mined yet); void: the escrow refunded the payment to the buyer (reclaimed before the
   * release was mined), so nothing was paid and the licence grants nothing.
   */
  status: z.enum(["valid", "pending", "void"]),
});
export type TLicence = z.infer<typeof ZLicence>;

export const ZListing = z.object({
  listingId: z.string(),
  capsuleId: z.string(),
  /** The title of the article (that capsule version) whose rights are offered. */
  capsuleTitle: z.string(),
  outletSlug: z.string(),
  /** The outlet's name (its slug when no name is on record). */
  outletName: z.string(),
  createdBy: ZAddressOut,
  licenceType: z.enum(licenceTypes),
  territory: z.string(),
  price: ZUintString,
  currency: z.literal("CAP"),
  terms: z.string(),
  expiresAt: ZUintString.nullable(),
  status: z.enum(["active", "sold", "withdrawn", "expired"]),
  /** Licences taken on it that are not void. */
  licenceCount: z.number().int(),
  /** Who a licence's payment is released to (deposited into LicenceEscrow with this payee, at least `price` wei). */
  payee: ZAddressOut,
  createdAt: ZUintString,
});
export type TListing = z.infer<typeof ZListing>;

export const ZListingResponse = z.object({ ok: z.literal(true), listing: ZListing });
/** What the bridge did with an escrow payment: released (licence granted) or refunded (lost race, refused). */
export const ZEscrowSettlement = z.object({
  paymentId: ZUintString,
  action: z.enum(["release", "refund"]),
  refundReason: z.enum(["lost_race", "refused"]).nullable(),
  /** The operator's transaction; `sent` until its receipt was seen. */
  txHash: z.string(),
  status: z.enum(["mined", "sent"]),
});
export type TEscrowSettlement = z.infer<typeof ZEscrowSettlement>;

export const ZLicenceResponse = z.object({
  ok: z.literal(true),
  licence: ZLicence,
  listing: ZListing,
  /** The release of a priced licence's escrow payment, with each recipient's part (wei, summing to the deposit); null when free. */
  settlement: ZEscrowSettlement.extend({
    payeeBps: z.number().int(),
    recipients: z.array(z.object({ wallet: ZAddressOut, party: z.enum(["payee", "contributor"]), shareBps: z.number().int(), amount: ZUintString })),
  }).nullable(),
  /** Lists nothing: the leader refunds the rival deposits of an exclusive sale within a few seconds of its release being indexed (features/rights/lost-race-refunds.ts). */
  refunds: z.array(ZEscrowSettlement),
});
export const ZListingPage = pagedResponse(ZListing);
export const ZCapsuleRightsResponse = pagedResponse(ZListing.extend({ licences: z.array(ZLicence) })).extend({
  capsuleId: z.string(),
  distributionActive: z.boolean(),
});
