import type { z } from "zod";
import type { ZOutletDistribution } from "@/features/distribution/distribution.schema";
import { formatTime } from "@/components/ui/capsule-format";

// Words for the distribution report (seed: Distribution; docs/DECISIONS.md).

export type OutletDistribution = z.infer<typeof ZOutletDistribution>;
export type Tier = OutletDistribution["tier"];
export type Check = OutletDistribution["requirements"][number]["checks"][number];

export const tierStyle: Record<Tier, { label: string; className: string }> = {
  none: { label: "Not distributed", className: "bg-stone-100 text-stone-700 ring-stone-300" },
  standard: { label: "Standard", className: "bg-sky-50 text-sky-900 ring-sky-300" },
  elevated: { label: "Elevated", className: "bg-indigo-50 text-indigo-900 ring-indigo-300" },
  premium: { label: "Premium", className: "bg-amber-50 text-amber-900 ring-amber-400" },
};

/** The seed's table: what each tier needs and gives. */
export const tierTable: Array<{ tier: Exclude<Tier, "none">; requirement: string; benefit: string }> = [
  { tier: "standard", requirement: "An active outlet (domain verified)", benefit: "Network feed and its Atom feeds" },
  {
    tier: "elevated",
    requirement: "Acceptance rate of 75% or more over at least 20 decided capsules, and a clean record",
    benefit: "Higher feed position (×1.5), JSON Feed and WebSub push",
  },
  {
    tier: "premium",
    requirement: "Acceptance rate of 90% or more over at least 50 decided capsules, 12 or more months active, and a clean record",
    benefit: "Highest feed position (×2), all channels, priority for partner streams",
  },
];

export function tierBenefit(tier: Tier): string {
  return tier === "none" ? "nothing is distributed until the outlet is active." : `${tierTable.find((row) => row.tier === tier)!.benefit}.`;
}

export type FactorKey = keyof OutletDistribution["factors"];
export const factorKeys: FactorKey[] = ["courtFindings", "acceptanceRate", "bondStability", "summonsResponse", "roleTenure"];
export const factorLabel: Record<FactorKey, string> = {
  courtFindings: "Court findings",
  acceptanceRate: "Acceptance rate",
  bondStability: "Bond stability",
  summonsResponse: "Summons response",
  roleTenure: "Role tenure",
};
export const scoreFormula = "30% court findings, 25% acceptance rate, 15% each bond stability, summons response and role tenure";

const checkName: Record<Check["name"], string> = {
  active: "Status",
  sample: "Decided capsules",
  acceptanceRate: "Acceptance rate",
  cleanRecord: "Clean record",
  monthsActive: "Months active",
};

export function describeCheck(check: Check): { name: string; required: string; actual: string } {
  const required = check.required.replace(">=", "≥");
  switch (check.name) {
    case "active":
      return { name: "Status", required: "must be active", actual: check.actual };
    case "cleanRecord":
      return { name: `${checkName.cleanRecord}:`, required: "no misleading or fraudulent label in the last year", actual: check.met ? "clean" : "has such a label" };
    case "monthsActive":
      return { name: checkName.monthsActive, required, actual: check.actual };
    case "sample":
      return { name: checkName.sample, required: required.replace(" decided", ""), actual: check.actual };
    case "acceptanceRate":
      return { name: checkName.acceptanceRate, required, actual: check.actual };
  }
}

/** The bridge's advice sentences, with Unix times shown as dates and a capital letter. */
export function readableAdvice(sentence: string): string {
  const withDates = sentence.replace(/\(at ([0-9]{9,})\)/g, (_, seconds: string) => `(on ${formatTime(seconds)})`);
  return withDates.charAt(0).toUpperCase() + withDates.slice(1);
}
