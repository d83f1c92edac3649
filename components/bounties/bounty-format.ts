import { formatUnits } from "viem";
import { shortAddress } from "@/lib/wallet/short-address";
import { formatTimeWithZone } from "@/components/ui/capsule-format";

/** Wei → CAP (18 decimals), grouped, at most 4 decimals: "400 CAP", "12.5 CAP". */
export function formatReward(wei: string, token: string): string {
  const [whole = "0", fraction = ""] = formatUnits(BigInt(wei), 18).split(".");
  // BigInt, not Number: a whole part past 2^53 (9,007,199,254,740,992 CAP) kept only its first 16 digits
  const grouped = BigInt(whole).toLocaleString("en-US");
  const trimmed = fraction.slice(0, 4).replace(/0+$/, "");
  const amount = trimmed ? `${grouped}.${trimmed}` : grouped;
  return token === "native" ? `${amount} CAP` : `${amount} (token ${shortAddress(token)})`;
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
