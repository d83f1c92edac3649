import { downgradeForPenalty, type PenaltyVerdict } from "@/features/distribution/penalty-downgrade";

// The seed's distribution table, as a pure function of an outlet's own record.
export type DistributionTier = "none" | "standard" | "elevated" | "premium";

export type DistributionInputs = {
  active: boolean;
  /** Accepted capsules, self-accepted ones left out (features/distribution/self-accepted.ts). */
  accepted: number;
  rejected: number;
  /** Accepted capsules left out of `accepted` because only their own authors' ballots carried them. */
  selfAccepted?: number;
  /** Integrity labels of the outlet's capsules (e.g. "clean", "misleading"). */
  labels: string[];
  monthsActive: number;
  /** A court penalty in force (features/distribution, docs/DECISIONS.md) lowers the tier the record earns. */
  penalty?: PenaltyVerdict | null;
  /** Decided capsules each tier needs (CAPSULE_TIER_MIN_SAMPLE_*); DEFAULT_MINIMUM_SAMPLE when absent. */
  minimumSample?: MinimumSample;
};

export type MinimumSample = { elevated: number; premium: number };
/** One accepted capsule is no record: Elevated needs 20 decided capsules, Premium 50 (docs/DECISIONS.md). */
export const DEFAULT_MINIMUM_SAMPLE: MinimumSample = { elevated: 20, premium: 50 };

export type Distribution = {
  tier: DistributionTier;
  /** Percent of decided capsules that were accepted, two decimals; 0 when none were decided. */
  acceptanceRate: number;
  cleanRecord: boolean;
  monthsActive: number;
  acceptedCount: number;
  rejectedCount: number;
  minimumSample: MinimumSample;
};

const taintedLabels = new Set(["misleading", "fraudulent"]);
/** Average Gregorian month, in seconds. */
export const MONTH_SECONDS = 2_629_746;

export function acceptanceRate(accepted: number, rejected: number): number {
  const decided = accepted + rejected;
  return decided === 0 ? 0 : Math.round((accepted / decided) * 10_000) / 100;
}

export function monthsBetween(from: number, to: number): number {
  return to <= from ? 0 : Math.floor((to - from) / MONTH_SECONDS);
}

export function distributionTier(input: DistributionInputs): Distribution {
  const rate = acceptanceRate(input.accepted, input.rejected);
  const cleanRecord = !input.labels.some((label) => taintedLabels.has(label));
  const sample = input.minimumSample ?? DEFAULT_MINIMUM_SAMPLE;
  const decided = input.accepted + input.rejected;
  const base = { acceptanceRate: rate, cleanRecord, monthsActive: input.monthsActive, acceptedCount: input.accepted, rejectedCount: input.rejected, minimumSample: sample };
  if (!input.active) return { tier: "none", ...base };
  const earned: DistributionTier =
    cleanRecord && rate >= 90 && input.monthsActive >= 12 && decided >= sample.premium ? "premium"
    : cleanRecord && rate >= 75 && decided >= sample.elevated ? "elevated"
    : "standard";
  return { tier: downgradeForPenalty(earned, input.penalty), ...base };
}
