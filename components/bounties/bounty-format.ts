import { formatUnits } from "viem";
import { shortAddress } from "@/lib/wallet/short-address";
import { formatTimeWithZone } from "@/components/ui/capsule-format";

/**
 * What the board knows of a reward's ERC-20 token: its decimals and symbol, null when the token does not say;
 * `contract` false when its address holds no contract on this chain (a token of another network, or the samples').
 */
export type RewardTokenFacts = { contract?: boolean; decimals: number | null; symbol: string | null };

/**
 * A reward, grouped, at most 4 decimals: native wei as CAP (18 decimals, "400 CAP", "12.5 CAP"); an ERC-20 amount
 * with the token's own decimals and symbol ("1,250.5 USDC (token 0x1234…abcd)"; "tokens" when it has no symbol), or
 * in base units when the token does not say its decimals ("1250500000 units (token …)"), never as if every token had
 * 18 decimals. A token with no contract on this chain says so: its amount cannot be read in tokens here
 * ("300,000,000,000,000,000,000 base units of a token not on this network (0x2311…1AB2)").
 */
export function formatReward(wei: string, token: string, facts?: RewardTokenFacts): string {
  if (token === "native") return `${formatAmount(wei, 18)} CAP`;
  if (facts?.contract === false) return `${formatAmount(wei, 0)} base units of a token not on this network (${shortAddress(token)})`;
  // "units" is kept for base units: an amount scaled by the token's decimals without a symbol is in "tokens"
  if (facts?.decimals == null) return `${formatAmount(wei, 0)} units (token ${shortAddress(token)})`;
  return `${formatAmount(wei, facts.decimals)} ${facts.symbol ?? "tokens"} (token ${shortAddress(token)})`;
}

function formatAmount(wei: string, decimals: number): string {
  const [whole = "0", fraction = ""] = formatUnits(BigInt(wei), decimals).split(".");
  // BigInt, not Number: a whole part past 2^53 (9,007,199,254,740,992 CAP) kept only its first 16 digits
  const grouped = BigInt(whole).toLocaleString("en-US");
  const trimmed = fraction.slice(0, 4).replace(/0+$/, "");
  return trimmed ? `${grouped}.${trimmed}` : grouped;
}

/** When a proposal or evaluation was made, in the reader's zone with the zone named. */
export const formatDate = (unixSeconds: string): string => formatTimeWithZone(unixSeconds);

export const proposalStatusStyle: Record<string, { label: string; className: string }> = {
  open: { label: "Open", className: "bg-sky-100 text-sky-900" },
  under_review: { label: "Under review", className: "bg-amber-100 text-amber-900" },
  approved: { label: "Approved", className: "bg-emerald-100 text-emerald-900" },
  rejected: { label: "Rejected", className: "bg-red-100 text-red-900" },
  settled: { label: "Settled", className: "bg-stone-200 text-stone-800" },
};

export const verdictStyle: Record<string, { label: string; className: string }> = {
  approve: { label: "Approve", className: "bg-emerald-100 text-emerald-900" },
  reject: { label: "Reject", className: "bg-red-100 text-red-900" },
  needs_changes: { label: "Needs changes", className: "bg-amber-100 text-amber-900" },
};
