import { parseEther } from "viem";

// The penalty path of a verdict (docs/DECISIONS.md): how much of the outlet wallet's bond is
// slashed into the burn pool, and how long the distribution downgrade lasts.

export type PenalisedVerdict = "misleading" | "fraudulent";

const DAY = 86_400;

export const penaltyPolicy: Record<PenalisedVerdict, { amount: bigint; days: number }> = {
  misleading: { amount: parseEther("25"), days: 90 },
  fraudulent: { amount: parseEther("100"), days: 365 },
};

export const isPenalised = (verdict: string): verdict is PenalisedVerdict => verdict === "misleading" || verdict === "fraudulent";

/** The amount to slash: the policy amount, capped at the wallet's bond. */
export function penaltyAmount(verdict: PenalisedVerdict, bond: bigint): bigint {
  const amount = penaltyPolicy[verdict].amount;
  return amount > bond ? bond : amount;
}

export const penaltyUntil = (verdict: PenalisedVerdict, at: number): number => at + penaltyPolicy[verdict].days * DAY;
