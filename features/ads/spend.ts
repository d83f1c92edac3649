import type { AdCampaignRow } from "@/lib/db/tables/ads.table";

// A campaign's spend: kept in milli-wei (the sum of the CPMs of its charged impressions), so the wei
// charged for impression n is ⌊n·CPM/1000⌋ − ⌊(n−1)·CPM/1000⌋ and the total is exact for any CPM.

export const spentWei = (row: Pick<AdCampaignRow, "spent_milliwei">): bigint => BigInt(row.spent_milliwei) / 1000n;

/** The wei the next impression costs, or undefined when it would pass the budget (the campaign stops). */
export function nextImpressionCost(row: Pick<AdCampaignRow, "spent_milliwei" | "cpm" | "budget">): bigint | undefined {
  const milli = BigInt(row.spent_milliwei);
  const next = (milli + BigInt(row.cpm)) / 1000n;
  if (next > BigInt(row.budget)) return undefined;
  return next - milli / 1000n;
}
