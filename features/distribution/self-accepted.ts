import { isAccepted } from "@/lib/chain/acceptance-outcome";

// Self-accepted capsules (docs/DECISIONS.md, "Self-accepted capsules do not raise the acceptance rate"):
// accepted capsules that the vote, counted again without the ballots of the capsule's own submitter and
// contributors, against the same electorate and thresholds, would not have accepted. Pure.

/** A ballot one of a capsule's own authors cast on it, with the capsule's tally (wei as decimal strings). */
export type AuthorBallot = {
  capsuleId: number;
  yes: string;
  no: string;
  eligibleWeight: string | null;
  approvalThreshold: number | null;
  quorumThreshold: number | null;
  support: boolean;
  weight: string;
};

/** Whether the capsule was accepted only through its authors' ballots: without them the vote fails. */
export function acceptedOnlyByAuthors(ballots: AuthorBallot[]): boolean {
  const first = ballots[0];
  if (!first) return false;
  let yes = BigInt(first.yes);
  let no = BigInt(first.no);
  for (const ballot of ballots) {
    if (ballot.support) yes -= BigInt(ballot.weight);
    else no -= BigInt(ballot.weight);
  }
  const thresholds = { approvalThreshold: first.approvalThreshold ?? 0, quorumThreshold: first.quorumThreshold ?? 0 };
  return !isAccepted({ yes: yes > 0n ? yes : 0n, no: no > 0n ? no : 0n, eligibleWeight: BigInt(first.eligibleWeight ?? "0") }, thresholds);
}

/** How many of the capsules these author ballots were cast on were accepted only by them. */
export function selfAcceptedCount(ballots: AuthorBallot[]): number {
  const byCapsule = new Map<number, AuthorBallot[]>();
  for (const ballot of ballots) byCapsule.set(ballot.capsuleId, [...(byCapsule.get(ballot.capsuleId) ?? []), ballot]);
  let count = 0;
  for (const capsuleBallots of byCapsule.values()) if (acceptedOnlyByAuthors(capsuleBallots)) count += 1;
  return count;
}
