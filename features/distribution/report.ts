import { acceptanceRate, DEFAULT_MINIMUM_SAMPLE, distributionTier, type DistributionInputs, type DistributionTier } from "@/features/distribution/distribution-tier";
import { factorsOf, integrityScore, type FactorCounts } from "./integrity-factors";
import { tierOrder, tierRank, type PenaltyVerdict } from "./penalty-downgrade";

// An outlet's distribution report (GET /api/distribution), pure: the tier, each requirement of
// the seed's table met or missed with the numbers, what would move it up, and the factors.

export type PenaltyInForce = { caseId: string; verdict: PenaltyVerdict; until: number };

export type Check = { name: "active" | "sample" | "acceptanceRate" | "cleanRecord" | "monthsActive"; required: string; actual: string; met: boolean };

/** Accepted capsules still needed (with no further rejection) to reach `percent`. */
export function acceptedNeeded(accepted: number, rejected: number, percent: number): number {
  if (accepted + rejected === 0) return 1;
  return Math.max(0, Math.ceil((percent * (accepted + rejected) - 100 * accepted) / (100 - percent)));
}

function checksFor(tier: DistributionTier, input: DistributionInputs): Check[] {
  const rate = acceptanceRate(input.accepted, input.rejected);
  const clean = distributionTier({ ...input, penalty: null }).cleanRecord;
  const active: Check = { name: "active", required: "outlet status active", actual: input.active ? "active" : "not active", met: input.active };
  const min = input.minimumSample ?? DEFAULT_MINIMUM_SAMPLE;
  const decided = input.accepted + input.rejected;
  // with nothing decided there is no rate yet, only the sample to gather (not "0%")
  const acceptance = (min: number): Check => ({ name: "acceptanceRate", required: `>= ${min}%`, actual: decided === 0 ? "none decided yet" : `${rate}%`, met: decided > 0 && rate >= min });
  const sample = (needed: number): Check => ({ name: "sample", required: `>= ${needed} decided`, actual: String(decided), met: decided >= needed });
  const cleanCheck: Check = { name: "cleanRecord", required: "no misleading or fraudulent label", actual: clean ? "clean" : "tainted", met: clean };
  if (tier === "standard") return [active];
  if (tier === "elevated") return [active, sample(min.elevated), acceptance(75), cleanCheck];
  if (tier === "premium") {
    const months: Check = { name: "monthsActive", required: ">= 12", actual: String(input.monthsActive), met: input.monthsActive >= 12 };
    return [active, sample(min.premium), acceptance(90), months, cleanCheck];
  }
  return [];
}

function advice(check: Check, input: DistributionInputs): string {
  switch (check.name) {
    case "active":
      return "verify the outlet's domain (POST /api/outlets/verify) so its status is active";
    case "sample": {
      const needed = Number(check.required.replace(/[^0-9]/g, ""));
      return `have ${countOf(needed - Number(check.actual), "more capsule", "more capsules")} decided by vote (${check.actual} of ${needed}): a rate needs a sample`;
    }
    case "acceptanceRate": {
      const min = Number(check.required.replace(/[^0-9]/g, ""));
      if (input.accepted + input.rejected === 0) return `keep at least ${min}% of the capsules decided by vote accepted`;
      return `raise the acceptance rate from ${check.actual} to ${min}%: ${countOf(acceptedNeeded(input.accepted, input.rejected, min), "more accepted capsule", "more accepted capsules")} without a rejection`;
    }
    case "cleanRecord":
      return "no capsule may carry a misleading or fraudulent label applied in the last 365 days (an accepted correction lifts the label)";
    case "monthsActive":
      return `stay active ${12 - input.monthsActive} more month(s) (${input.monthsActive} of 12)`;
  }
}

export function distributionReport(input: DistributionInputs, penalties: PenaltyInForce[], counts: FactorCounts) {
  const factors = factorsOf(counts);
  const earned = distributionTier({ ...input, penalty: null });
  const effective = distributionTier(input);
  const requirements = (["standard", "elevated", "premium"] as const).map((tier) => {
    const checks = checksFor(tier, input);
    return { tier, met: checks.every((c) => c.met), checks };
  });
  const nextTier = effective.tier === "premium" ? null : tierOrder[tierRank(effective.tier) + 1]!;
  const toMoveUp: string[] = [];
  if (nextTier) {
    const missed = requirements.find((r) => r.tier === nextTier)?.checks.filter((c) => !c.met) ?? [];
    toMoveUp.push(...missed.map((c) => advice(c, input)));
    const holding = penalties[0];
    if (holding && tierRank(earned.tier) > tierRank(effective.tier)) {
      toMoveUp.push(`wait for the ${holding.verdict} penalty of court case ${holding.caseId} to end (at ${holding.until})`);
    }
  }
  return {
    tier: effective.tier,
    earnedTier: earned.tier,
    acceptanceRate: effective.acceptanceRate,
    cleanRecord: effective.cleanRecord,
    monthsActive: effective.monthsActive,
    acceptedCount: effective.acceptedCount,
    rejectedCount: effective.rejectedCount,
    requirements,
    nextTier,
    toMoveUp,
    minimumSample: effective.minimumSample,
    integrityScore: integrityScore(factors),
    factors,
    penalty: penalties[0] ? { caseId: penalties[0].caseId, verdict: penalties[0].verdict, until: String(penalties[0].until) } : null,
  };
}

/** "1 more capsule", "3 more capsules". */
function countOf(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}
