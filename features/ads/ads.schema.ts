import { z } from "zod";
import { ZWebUrl } from "@/lib/schemas/uri";
import { zMultiLine, zOneLine } from "@/lib/schemas/plain-text";
import { pageQuery } from "@/lib/schemas/pagination";
import { ZSlug } from "@/features/outlets/outlets.schema";
import { ZIntegrityLabel } from "@/features/court/court.schema";
import { pagedResponse, ZUintString, zWeiInput } from "@/lib/schemas/primitives";
import { ZCapsuleId } from "@/features/capsules/capsules.schema";

// Ad campaigns (seed: Rights and ads). Campaigns are loaded by the operator (scripts/load-ad-campaigns.ts).

export const campaignStatuses = ["active", "paused", "ended"] as const;

/** One campaign as the operator's loader file states it. */
export const ZCampaignInput = z
  .object({
    slug: ZSlug,
    // shown to readers beside articles: the text rules of what journalists write
    advertiser: zOneLine(1, 200),
    name: zOneLine(1, 200),
    status: z.enum(campaignStatuses).default("active"),
    headline: zOneLine(1, 200),
    body: zMultiLine(1, 2000, { trim: true }),
    clickUrl: ZWebUrl,
    targetOutlets: z.array(ZSlug).max(100).default([]),
    targetCategories: z.array(z.string().trim().toLowerCase().min(1).max(64)).max(100).default([]),
    budget: zWeiInput("wei as a decimal string"),
    cpm: zWeiInput("wei as a decimal string"),
    startsAt: z.coerce.number().int().nonnegative(),
    endsAt: z.coerce.number().int().positive().nullable().default(null),
  })
  .strict();
export type TCampaignInput = z.infer<typeof ZCampaignInput>;
export const ZCampaignFile = z.object({ campaigns: z.array(ZCampaignInput).min(1) }).strict();

export const ZAdsCapsuleParams = z.object({ capsuleId: ZCapsuleId });

export const ZListCampaignsQuery = pageQuery.extend({ status: z.enum(campaignStatuses).optional() });
export type TListCampaignsQuery = z.infer<typeof ZListCampaignsQuery>;

export const ZCampaign = z.object({
  campaignId: z.string(),
  slug: z.string(),
  advertiser: z.string(),
  name: z.string(),
  status: z.enum(campaignStatuses),
  headline: z.string(),
  body: z.string(),
  clickUrl: z.string(),
  targetOutlets: z.array(z.string()),
  targetCategories: z.array(z.string()),
  budget: ZUintString,
  cpm: ZUintString,
  startsAt: ZUintString,
  endsAt: ZUintString.nullable(),
  createdAt: ZUintString,
  /** True for the bundled demonstration campaigns (no real advertiser). */
  sample: z.boolean(),
  /** wei charged for the impressions so far (⌊impressions × CPM / 1000⌋ while the CPM did not change). */
  spent: ZUintString,
  /** Impressions charged: one per reader, campaign and UTC day. */
  impressions: z.number().int(),
  /** The next impression would pass the budget: the campaign is no longer served. */
  exhausted: z.boolean(),
});
export type TCampaign = z.infer<typeof ZCampaign>;

export const ZCampaignPage = pagedResponse(ZCampaign);

export const ZCapsuleAdsResponse = z.object({
  ok: z.literal(true),
  capsuleId: z.string(),
  outletSlug: z.string(),
  category: z.string().nullable(),
  integrityLabel: ZIntegrityLabel,
  distributionActive: z.boolean(),
  eligible: z.boolean(),
  /** Why no ads are served (null when eligible). */
  reason: z.string().nullable(),
  items: z.array(ZCampaign),
});
