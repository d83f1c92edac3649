import type { claimTypes } from "@/features/capsules/claims.schema";

// A claim's kind in words, the one mapping every page uses: the reader's claim notes, the court's pages and the
// desk's claim list and editor. "other" reads "Claim" (a plain claim), as readers have always seen it.
export const claimTypeLabel: Record<(typeof claimTypes)[number], string> = {
  statistic: "Statistic",
  quote: "Quote",
  event: "Event",
  attribution: "Attribution",
  other: "Claim",
};

/** The label of a claim type; a kind this version does not know is shown as it came. */
export const claimTypeName = (claimType: string): string => (Object.hasOwn(claimTypeLabel, claimType) ? claimTypeLabel[claimType as keyof typeof claimTypeLabel] : claimType);
