import { canStillBeAccepted } from "@/lib/chain/acceptance-outcome";

// When an Editor may close a pending capsule before finalization (POST /api/capsules/:id/reject; docs/DECISIONS.md,
// "An Editor closes a vote early only when it cannot pass"): while no vote has been cast, or once the vote can no
// longer pass even if every voter who has not voted yet voted yes. One Editor must not override a yes that the
// electorate can still give. Pure: the bridge's refusal and the capsule page's reject panel both decide with it.

/** The tally and thresholds of a pending capsule (wei as decimal strings, as the capsule read carries them). */
export type EarlyCloseInput = {
  yesVotes: string;
  noVotes: string;
  eligibleWeight: string;
  approvalThreshold: number;
  quorumThreshold: number;
  /** The window has ended (nobody can vote any more); the capsule waits only for its finalization. */
  windowEnded: boolean;
};

export type EarlyClose =
  | { allowed: true; why: "no-votes" | "cannot-pass" }
  | { allowed: false; why: "can-still-pass" | "passed" };

export function editorEarlyClose(input: EarlyCloseInput): EarlyClose {
  const vote = { yes: BigInt(input.yesVotes), no: BigInt(input.noVotes), eligibleWeight: BigInt(input.eligibleWeight) };
  if (vote.yes === 0n && vote.no === 0n) return { allowed: true, why: "no-votes" };
  if (!canStillBeAccepted(vote, input, input.windowEnded)) return { allowed: true, why: "cannot-pass" };
  return { allowed: false, why: input.windowEnded ? "passed" : "can-still-pass" };
}
