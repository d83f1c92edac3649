// The five factors of an outlet's record and the one formula that combines them into its integrity
// score (docs/DECISIONS.md, "Distribution tiers that earn their place"). Pure: every count comes
// from what happened (features/distribution/outlet-report.ts gathers them).

import { formatEther } from "viem";
import { bondStability, type EditorBond } from "./bond-stability";

export type FactorCounts = {
  /** Final court findings (closed cases) against the outlet within the lookback, by verdict. */
  findings: { closed: number; misleading: number; fraudulent: number };
  /** Capsules decided on chain; `accepted` leaves out the self-accepted ones, counted in `selfAccepted`. */
  decided: { accepted: number; rejected: number; selfAccepted: number };
  /** The bond each current Editor of the outlet holds and the most it held in the last 90 days, and the Editor role's bond (wei). */
  editorBonds: { required: bigint; editors: EditorBond[] };
  /** Court summons (reply windows) that ended or were answered, and how many the outlet answered in time. */
  summons: { summoned: number; answered: number };
  /** Months each Editor of the outlet held (or holds so far) the role. */
  editorTenureMonths: number[];
};

export type Factor = {
  /** 0..100 */
  value: number;
  /** How many observations the value rests on. */
  sample: number;
  /** What the sample counts, for a reader. */
  unit: string;
  /** How the value is computed, in a sentence for a reader. */
  explanation: string;
};

export type Factors = {
  courtFindings: Factor;
  acceptanceRate: Factor;
  bondStability: Factor;
  summonsResponse: Factor;
  roleTenure: Factor;
};

/** Weights of the integrity score; they sum to 1. */
export const FACTOR_WEIGHTS: Record<keyof Factors, number> = {
  courtFindings: 0.3,
  acceptanceRate: 0.25,
  bondStability: 0.15,
  summonsResponse: 0.15,
  roleTenure: 0.15,
};

/** Months of median Editor tenure that count in full. */
export const FULL_TENURE_MONTHS = 12;

const round2 = (n: number) => Math.round(n * 100) / 100;

export function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** 100, minus 25 per misleading and 50 per fraudulent final finding, never below 0. */
export const findingsScore = (misleading: number, fraudulent: number): number => Math.max(0, 100 - 25 * misleading - 50 * fraudulent);

export function factorsOf(counts: FactorCounts): Factors {
  const decided = counts.decided.accepted + counts.decided.rejected;
  const tenure = median(counts.editorTenureMonths);
  return {
    courtFindings: {
      value: findingsScore(counts.findings.misleading, counts.findings.fraudulent),
      sample: counts.findings.closed,
      unit: "closed court case(s) in the last year",
      explanation: "100, less 25 for each misleading and 50 for each fraudulent final finding of the last year.",
    },
    acceptanceRate: {
      value: decided === 0 ? 0 : round2((100 * counts.decided.accepted) / decided),
      sample: decided,
      unit: "decided capsule(s)",
      explanation: `Accepted capsules out of those decided by vote. A capsule its own authors' votes alone carried is left out${counts.decided.selfAccepted > 0 ? ` (${counts.decided.selfAccepted} so far)` : ""}.`,
    },
    // an outlet with no Editor has no bond standing behind its articles
    bondStability: {
      value: bondStability(counts.editorBonds.editors, counts.editorBonds.required),
      sample: counts.editorBonds.editors.length,
      unit: "Editor bond(s)",
      explanation: `Each current Editor counts 0 below the Editor bond of ${formatEther(counts.editorBonds.required)} CAP, else the share it still holds of its largest bond of the last 90 days; the average over Editors.`,
    },
    // nothing summoned, nothing missed
    summonsResponse: {
      value: counts.summons.summoned === 0 ? 100 : round2((100 * counts.summons.answered) / counts.summons.summoned),
      sample: counts.summons.summoned,
      unit: "court summons",
      explanation: "Court summons answered in time out of all summons; 100 when there were none.",
    },
    roleTenure: {
      value: round2(Math.min(100, (100 * tenure) / FULL_TENURE_MONTHS)),
      sample: counts.editorTenureMonths.length,
      unit: "Editor role holding(s)",
      explanation: `Median months the outlet's Editors held the role; ${FULL_TENURE_MONTHS} months count in full.`,
    },
  };
}

/** The integrity score: the weighted sum of the five factor values, rounded to a whole number. */
export function integrityScore(factors: Factors): number {
  let sum = 0;
  for (const key of Object.keys(FACTOR_WEIGHTS) as (keyof Factors)[]) sum += FACTOR_WEIGHTS[key] * factors[key].value;
  return Math.round(sum);
}
