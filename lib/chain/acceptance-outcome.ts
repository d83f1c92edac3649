// CapsuleAcceptance.outcome's test, in bigint (docs/ARCHITECTURE.md, "Vote arithmetic"): accepted when votes were
// cast, yes reaches the approval threshold of the votes cast, and the votes cast reach the quorum of the eligible weight.

export type AcceptanceVote = { yes: bigint; no: bigint; eligibleWeight: bigint };

/** The outcome at close, exactly as CapsuleAcceptance.outcome decides it. */
export function isAccepted(input: AcceptanceVote, thresholds: { approvalThreshold: number; quorumThreshold: number }): boolean {
  const cast = input.yes + input.no;
  if (cast === 0n) return false;
  return 100n * input.yes >= BigInt(thresholds.approvalThreshold) * cast && 100n * cast >= BigInt(thresholds.quorumThreshold) * input.eligibleWeight;
}

/**
 * Whether the vote can still end accepted: the outcome above if every voter who has not voted yet voted yes
 * (the weight not yet cast is eligibleWeight − yes − no, since the electorate and its weights are frozen when the
 * window opens). With `windowEnded` nobody can vote any more and this is the outcome itself. Once false it stays
 * false while the window is open: further ballots only turn weight that was counted as yes here into yes or no.
 */
export function canStillBeAccepted(input: AcceptanceVote, thresholds: { approvalThreshold: number; quorumThreshold: number }, windowEnded = false): boolean {
  const cast = input.yes + input.no;
  const outstanding = windowEnded || input.eligibleWeight <= cast ? 0n : input.eligibleWeight - cast;
  return isAccepted({ ...input, yes: input.yes + outstanding }, thresholds);
}
