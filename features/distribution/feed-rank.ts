import type { Tier } from "./penalty-downgrade";

// Feed position (issue 29 item 2): one score orders the front page, /feed.xml and /feed.json.
//
//   score = recency × tier × integrity × label × penalty
//   recency   = 0.5 ^ (hours since first publication / 36)      a day and a half halves it; a correction does not reset it
//   tier      = Standard 1, Elevated 1.5, Premium 2             the tier of the outlet now
//   integrity = 0.5 + integrity score / 200                     0.5 (score 0) … 1 (score 100)
//   label     = 0.5 contested or unresolved, 0.1 misleading or fraudulent, else 1
//   penalty   = 0.5 while a court penalty holds the outlet down, else 1
//
// Outlet pages keep their own chronological order.

export const RECENCY_HALF_LIFE_HOURS = 36;
export const TIER_WEIGHT: Record<Tier, number> = { none: 0, standard: 1, elevated: 1.5, premium: 2 };
const LABEL_WEIGHT: Record<string, number> = { contested: 0.5, unresolved: 0.5, misleading: 0.1, fraudulent: 0.1 };
export const PENALTY_WEIGHT = 0.5;

export type Standing = { tier: Tier; integrityScore: number; penalised: boolean };
/** `publishedAt`: when the article's first version was finalized. */
export type RankInput = { publishedAt: number; integrityLabel: string; standing: Standing };

export type Ranking = {
  score: number;
  /** Each multiplier with the words that explain it, for "why is this here?". */
  reasons: Array<{ factor: "recency" | "tier" | "integrity" | "label" | "penalty"; weight: number; text: string }>;
};

const round3 = (n: number) => Math.round(n * 1000) / 1000;
const tierName: Record<Tier, string> = { none: "not distributed", standard: "Standard", elevated: "Elevated", premium: "Premium" };

function age(hours: number): string {
  if (hours < 1) return "less than an hour ago";
  if (hours < 48) return `${Math.floor(hours)} hour(s) ago`;
  return `${Math.floor(hours / 24)} day(s) ago`;
}

export function feedRank(input: RankInput, now: number): Ranking {
  const hours = Math.max(0, now - input.publishedAt) / 3600;
  const recency = Math.pow(0.5, hours / RECENCY_HALF_LIFE_HOURS);
  const tier = TIER_WEIGHT[input.standing.tier];
  const integrity = 0.5 + Math.max(0, Math.min(100, input.standing.integrityScore)) / 200;
  const label = LABEL_WEIGHT[input.integrityLabel] ?? 1;
  const penalty = input.standing.penalised ? PENALTY_WEIGHT : 1;
  const reasons: Ranking["reasons"] = [
    { factor: "recency", weight: round3(recency), text: `first published ${age(hours)}` },
    { factor: "tier", weight: tier, text: `the outlet is ${tierName[input.standing.tier]}` },
    { factor: "integrity", weight: round3(integrity), text: `the outlet's integrity score is ${input.standing.integrityScore} of 100` },
  ];
  if (label !== 1) reasons.push({ factor: "label", weight: label, text: `the article is labelled ${input.integrityLabel.replace(/_/g, " ")}` });
  if (penalty !== 1) reasons.push({ factor: "penalty", weight: penalty, text: "a court penalty holds the outlet down" });
  return { score: recency * tier * integrity * label * penalty, reasons };
}

/** Orders by score, highest first; equal scores keep the newer article first, then the higher id. */
export function byRank<T extends { ranking: Ranking; finalizedAt: number; id: number }>(a: T, b: T): number {
  return b.ranking.score - a.ranking.score || b.finalizedAt - a.finalizedAt || b.id - a.id;
}
