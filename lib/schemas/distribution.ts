import { z } from "zod";
import { pageQuery } from "@/lib/schemas/pagination";
import { pagedResponse } from "./primitives";

// GET /api/distribution (seed: Distribution; docs/DECISIONS.md).

const ZTier = z.enum(["none", "standard", "elevated", "premium"]);

export const ZDistributionQuery = pageQuery;

const ZCheck = z.object({
  name: z.enum(["active", "acceptanceRate", "cleanRecord", "monthsActive"]),
  required: z.string(),
  actual: z.string(),
  met: z.boolean(),
});

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
  factors: z.object({
    integrityScore: z.number(),
    acceptanceRate: z.number(),
    bondStability: z.object({ stable: z.boolean(), slashesOrWithdrawals90d: z.number().int() }),
    courtResponse: z.object({ closedCases: z.number().int(), answered: z.number().int(), rate: z.number().nullable() }),
    roleTenureMonths: z.number(),
  }),
  penalty: z.object({ caseId: z.string(), verdict: z.enum(["misleading", "fraudulent"]), until: z.string() }).nullable(),
});

export const ZDistributionResponse = pagedResponse(ZOutletDistribution);
