// CapsuleAcceptance.outcome's test, in bigint (docs/ARCHITECTURE.md, "Vote arithmetic"): accepted when votes were
// cast, yes reaches the approval threshold of the votes cast, and the votes cast reach the quorum of the eligible weight.

export type AcceptanceVote = { yes: bigint; no: bigint; eligibleWeight: bigint };

/** The outcome at close, exactly as CapsuleAcceptance.outcome decides it. */
export function isAccepted(input: AcceptanceVote, thresholds: { approvalThreshold: number; quorumThreshold: number }): boolean {
  const cast = input.yes + input.no;
  if (cast === 0n) return false;
  return 100n * input.yes >= BigInt(thresholds.approvalThreshold) * cast && 100n * cast >= BigInt(thresholds.quorumThreshold) * input.eligibleWeight;
}
