// Vote arithmetic (docs/ARCHITECTURE.md, "Vote arithmetic"), pure and in bigint. Percentages are two-decimal strings,
// TRUNCATED (never rounded up): a shown value is then never above the exact one, so
// "weightedYes ≥ approvalThreshold" read off the strings agrees with the contract's exact test.

export type TallyInput = { yes: bigint; no: bigint; eligibleWeight: bigint };
export type Tally = {
  yesVotes: string;
  noVotes: string;
  weightedYes: string;
  weightedNo: string;
  weightedParticipation: string;
};

/** 100 × part / whole as a two-decimal string, truncated; "0.00" when whole is 0. */
export function percentString(part: bigint, whole: bigint): string {
  if (whole <= 0n || part <= 0n) return "0.00";
  const hundredths = (part * 10_000n) / whole;
  const whole100 = hundredths / 100n;
  const frac = (hundredths % 100n).toString().padStart(2, "0");
  return `${whole100}.${frac}`;
}

export function tally({ yes, no, eligibleWeight }: TallyInput): Tally {
  const cast = yes + no;
  return {
    yesVotes: yes.toString(),
    noVotes: no.toString(),
    weightedYes: percentString(yes, cast),
    weightedNo: percentString(no, cast),
    weightedParticipation: percentString(cast, eligibleWeight),
  };
}

export { isAccepted } from "@/lib/chain/acceptance-outcome";
