import type { DbOrTrx } from "@/lib/db/database";
import type { OutletRow } from "@/lib/db/tables/outlets.table";
import { distributionTier, monthsBetween, type Distribution, type DistributionInputs } from "@/lib/distribution/distribution-tier";
import { harsherPenalty } from "@/lib/distribution/penalty-downgrade";
import { courtDistributionSource } from "@/lib/distribution/court-source";
import { capsuleOutcomeSource } from "@/lib/distribution/outcome-source";

/** What a feature knows about an outlet's record (capsules: accepted/rejected counts; court: labels). */
export type DistributionContribution = Partial<Pick<DistributionInputs, "accepted" | "rejected" | "labels" | "penalty">>;
export type DistributionInputSource = (db: DbOrTrx, outlet: OutletRow, now: number) => Promise<DistributionContribution>;

// Later features register a source here (one line + import), as the indexer's projectors do.
// Until capsules exist every count is zero, so an active outlet is Standard.
export const distributionInputSources: DistributionInputSource[] = [capsuleOutcomeSource, courtDistributionSource];

export async function gatherDistributionInputs(db: DbOrTrx, outlet: OutletRow, now: number): Promise<DistributionInputs> {
  const inputs: DistributionInputs = {
    active: outlet.status === "active",
    accepted: 0,
    rejected: 0,
    labels: [],
    monthsActive: outlet.status === "active" ? monthsBetween(outlet.first_verified_at ?? outlet.created_at, now) : 0,
  };
  for (const source of distributionInputSources) {
    const part = await source(db, outlet, now);
    inputs.accepted += part.accepted ?? 0;
    inputs.rejected += part.rejected ?? 0;
    inputs.labels.push(...(part.labels ?? []));
    inputs.penalty = harsherPenalty(inputs.penalty, part.penalty);
  }
  return inputs;
}

export async function outletDistribution(db: DbOrTrx, outlet: OutletRow, now: number): Promise<Distribution> {
  return distributionTier(await gatherDistributionInputs(db, outlet, now));
}
