import type { TCapsuleResponse } from "@/features/capsules/capsules.schema";

/** The newest vote, for the announcement: who cast it (in words: "You", a name, or a wallet) and which way. */
export type AnnouncedVote = { who: string; support: boolean };

/**
 * What a screen reader hears while the vote is open: the newest vote in words, then the tally. The page's one live
 * region for votes (the voter list is not one), so each vote is announced once.
 */
export function tallyAnnouncement(capsule: Pick<TCapsuleResponse["capsule"], "yesVotes" | "noVotes" | "weightedYes" | "weightedNo" | "weightedParticipation">, policy: Pick<TCapsuleResponse["policy"], "approvalThreshold" | "quorumThreshold">, latest?: AnnouncedVote): string {
  if (BigInt(capsule.yesVotes) + BigInt(capsule.noVotes) === 0n) return "No votes yet.";
  const who = latest ? `${latest.who} voted ${latest.support ? "yes" : "no"}. ` : "";
  return `${who}Tally now: ${capsule.weightedYes}% yes, ${capsule.weightedNo}% no (approval needs ${policy.approvalThreshold}%); participation ${capsule.weightedParticipation}% (quorum ${policy.quorumThreshold}%).`;
}
