// The distribution downgrade of a court penalty in force (docs/DECISIONS.md), pure.

export type Tier = "none" | "standard" | "elevated" | "premium";
export type PenaltyVerdict = "misleading" | "fraudulent";

export const tierOrder: Tier[] = ["none", "standard", "elevated", "premium"];
export const tierRank = (tier: Tier): number => tierOrder.indexOf(tier);

/**
 * misleading: one tier below what the record earns, never below Standard;
 * fraudulent: at most Standard. An outlet that is not active stays `none`.
 */
export function downgradeForPenalty(tier: Tier, penalty: PenaltyVerdict | null | undefined): Tier {
  if (!penalty || tier === "none") return tier;
  if (penalty === "fraudulent") return "standard";
  return tierOrder[Math.max(tierRank("standard"), tierRank(tier) - 1)]!;
}

/** Of several penalties in force the harsher counts. */
export function harsherPenalty(a: PenaltyVerdict | null | undefined, b: PenaltyVerdict | null | undefined): PenaltyVerdict | null {
  if (a === "fraudulent" || b === "fraudulent") return "fraudulent";
  return a ?? b ?? null;
}
