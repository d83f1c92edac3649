import { z } from "zod";
import { pageQuery } from "@/lib/schemas/pagination";
import { pagedResponse } from "@/lib/schemas/primitives";
import { ZSlug } from "@/features/outlets/outlets.schema";

// GET /api/distribution (seed: Distribution; docs/DECISIONS.md).

const ZTier = z.enum(["none", "standard", "elevated", "premium"]);

/** `outlet`: only that outlet's report (the outlet page). */
export const ZDistributionQuery = pageQuery.extend({ outlet: ZSlug.optional() });

const ZCheck = z.object({
  name: z.enum(["active", "sample", "acceptanceRate", "cleanRecord", "monthsActive"]),
  required: z.string(),
  actual: z.string(),
  met: z.boolean(),
});

/** One factor: its value (0..100), the number of observations it rests on, and how it is computed. */
const ZFactor = z.object({ value: z.number().min(0).max(100), sample: z.number().int().min(0), unit: z.string(), explanation: z.string() });

export const ZOutletDistribution = z.object({
  outletId: z.string(),
  outletSlug: z.string(),
  name: z.string(),
  status: z.string(),
  tier: ZTier,
  earnedTier: ZTier,
  acceptanceRate: z.number(),
  cleanRecord: z.boolean(),
  monthsActive: z.number().int(),
  acceptedCount: z.number().int(),
  rejectedCount: z.number().int(),
  requirements: z.array(z.object({ tier: ZTier, met: z.boolean(), checks: z.array(ZCheck) })),
  nextTier: ZTier.nullable(),
  toMoveUp: z.array(z.string()),
  /** Decided capsules each tier needs (CAPSULE_TIER_MIN_SAMPLE_ELEVATED / _PREMIUM). */
  minimumSample: z.object({ elevated: z.number().int(), premium: z.number().int() }),
  /** The five factors combined: 0.30 court findings + 0.25 acceptance + 0.15 bond stability + 0.15 summons response + 0.15 role tenure. */
  integrityScore: z.number().int().min(0).max(100),
  factors: z.object({
    courtFindings: ZFactor,
    acceptanceRate: ZFactor,
    bondStability: ZFactor,
    summonsResponse: ZFactor,
    roleTenure: ZFactor,
  }),
  penalty: z.object({ caseId: z.string(), verdict: z.enum(["misleading", "fraudulent"]), until: z.string() }).nullable(),
  /** The outlet's channels: Atom always, JSON Feed and WebSub from Elevated; WebSub subscribers and deliveries by state. */
  channels: z.object({
    items: z.array(z.object({ channel: z.enum(["atom", "json_feed", "websub"]), path: z.string(), status: z.enum(["on", "off"]), note: z.string().nullable() })),
    websub: z.object({
      subscribers: z.object({ pending: z.number().int(), active: z.number().int(), denied: z.number().int(), unsubscribed: z.number().int(), expired: z.number().int() }),
      deliveries: z.object({ pending: z.number().int(), delivered: z.number().int(), failed: z.number().int() }),
      lastDeliveredAt: z.string().nullable(),
      lastError: z.string().nullable(),
    }),
  }),
});

export const ZDistributionResponse = pagedResponse(ZOutletDistribution);
