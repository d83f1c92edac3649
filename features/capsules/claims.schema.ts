import { z } from "zod";
import { zMultiLine } from "@/lib/schemas/plain-text";
import { zIdInput } from "@/lib/schemas/whole-number";

// Structured claims (issue 27): request and response shapes of /api/capsules/:id/claims and the
// `claims` of the capsule read. Ids are decimal strings.

export const claimTypes = ["statistic", "quote", "event", "attribution", "other"] as const;
export const MAX_CLAIMS = 100;
export const MAX_CLAIM_EVIDENCE = 20;

const ZEvidenceId = zIdInput("evidence id");

/** The quote is kept verbatim (no trimming): it must occur in the body exactly as written. */
export const ZClaimInput = z
  .object({
    exact: z.string().min(1).max(2000).refine((v) => v.trim().length > 0, "a quote of the body, not only spaces"),
    prefix: z.string().max(200).default(""),
    suffix: z.string().max(200).default(""),
    claimType: z.enum(claimTypes),
    evidenceIds: z
      .array(ZEvidenceId)
      .max(MAX_CLAIM_EVIDENCE)
      .refine((ids) => new Set(ids).size === ids.length, "each evidence id may appear once"),
    note: zMultiLine(0, 1000, { trim: true }).nullable().optional(),
  })
  .strict();
export type TClaimInput = z.infer<typeof ZClaimInput>;

export const ZSetClaimsBody = z.object({ claims: z.array(ZClaimInput).max(MAX_CLAIMS) }).strict();
export type TSetClaimsBody = z.infer<typeof ZSetClaimsBody>;

export const ZClaimObject = z.object({
  claimId: z.string(),
  ordinal: z.number().int(),
  exact: z.string(),
  prefix: z.string(),
  suffix: z.string(),
  claimType: z.enum(claimTypes),
  evidenceIds: z.array(z.string()),
  note: z.string().nullable(),
  /** The court's finding on this claim; null until a verdict names it. */
  verdict: z.string().nullable(),
  /** The claim's own integrity label; null until a verdict names it. */
  label: z.string().nullable(),
  /** Whether the quote still occurs in the body (a draft's body edit can break it). */
  anchored: z.boolean(),
});
export type TClaimObject = z.infer<typeof ZClaimObject>;

export const ZClaimsResponse = z.object({ ok: z.literal(true), capsuleId: z.string(), items: z.array(ZClaimObject) });

export const ZClaimsQuery = z.object({ format: z.enum(["json", "claimreview"]).optional() }).strict();

/** schema.org ClaimReview (features/reader/claim-review.ts), one per claim with a finding. */
export const ZClaimReview = z.object({
  "@context": z.literal("https://schema.org"),
  "@type": z.literal("ClaimReview"),
  url: z.string(),
  claimReviewed: z.string(),
  reviewRating: z.object({ "@type": z.literal("Rating"), alternateName: z.string() }),
  reviewBody: z.string().optional(),
  author: z.object({ "@type": z.literal("Organization"), name: z.string(), url: z.string() }),
  itemReviewed: z.object({
    "@type": z.literal("Claim"),
    author: z.array(z.object({ "@type": z.literal("Person"), name: z.string() })),
    datePublished: z.string().optional(),
    appearance: z.object({ "@type": z.literal("NewsArticle"), url: z.string(), headline: z.string() }),
  }),
});

export const ZClaimReviewsResponse = z.object({ ok: z.literal(true), capsuleId: z.string(), format: z.literal("claimreview"), items: z.array(ZClaimReview) });
// the ClaimReview answer first: the plain answer's object schema would also accept (and strip) it
export const ZClaimsOrReviewsResponse = z.union([ZClaimReviewsResponse, ZClaimsResponse]);
