import type { DbOrTrx } from "@/lib/db/database";
import type { OutletRow } from "@/lib/db/tables/outlets.table";
import { config } from "@/lib/config/config";
import { distributionTier, monthsBetween, type Distribution, type DistributionInputs, type MinimumSample } from "@/features/distribution/distribution-tier";
import { harsherPenalty } from "@/features/distribution/penalty-downgrade";
import { courtDistributionSource } from "@/features/distribution/court-source";
import { capsuleOutcomeSource } from "@/features/distribution/outcome-source";

/** What a feature knows about an outlet's record (capsules: accepted/rejected counts; court: labels). */
export type DistributionContribution = Partial<Pick<DistributionInputs, "accepted" | "rejected" | "selfAccepted" | "labels" | "penalty">>;
/** `asOf`: `now` is a past block's time, and only what was recorded by then may count. */
export type DistributionInputSource = (db: DbOrTrx, outlet: OutletRow, now: number, asOf?: boolean) => Promise<DistributionContribution>;

// Later features register a source here (one line + import), as the indexer's projectors do.
export const distributionInputSources: DistributionInputSource[] = [capsuleOutcomeSource, courtDistributionSource];

export function configuredMinimumSample(): MinimumSample {
  const env = config();
  return { elevated: env.CAPSULE_TIER_MIN_SAMPLE_ELEVATED, premium: env.CAPSULE_TIER_MIN_SAMPLE_PREMIUM };
}

export async function gatherDistributionInputs(db: DbOrTrx, outlet: OutletRow, now: number, asOf = false): Promise<DistributionInputs> {
  // as of a past block the outlet counts as active from its first verification (a submission needs an active outlet)
  const active = asOf ? outlet.first_verified_at !== null && outlet.first_verified_at <= now : outlet.status === "active";
  const inputs: DistributionInputs = {
    active,
    accepted: 0,
    rejected: 0,
    selfAccepted: 0,
    labels: [],
    monthsActive: active ? monthsBetween(outlet.first_verified_at ?? outlet.created_at, now) : 0,
    minimumSample: configuredMinimumSample(),
  };
  for (const source of distributionInputSources) {
    const part = await source(db, outlet, now, asOf);
    inputs.accepted += part.accepted ?? 0;
    inputs.rejected += part.rejected ?? 0;
    inputs.selfAccepted = (inputs.selfAccepted ?? 0) + (part.selfAccepted ?? 0);
    inputs.labels.push(...(part.labels ?? []));
    inputs.penalty = harsherPenalty(inputs.penalty, part.penalty);
  }
  return inputs;
}

export async function outletDistribution(db: DbOrTrx, outlet: OutletRow, now: number): Promise<Distribution> {
  return distributionTier(await gatherDistributionInputs(db, outlet, now));
}

/**
 * The outlet's tier at a submission block, from what the projection held for that block's time:
 * `trustedPublisherAtSubmit` is this tier being Elevated or above (docs/DECISIONS.md).
 */
export async function outletTierAt(db: DbOrTrx, outlet: OutletRow, blockTime: number): Promise<Distribution> {
  return distributionTier(await gatherDistributionInputs(db, outlet, blockTime, true));
}
