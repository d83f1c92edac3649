import type { TCapsuleListItem } from "@/features/capsules/capsules.schema";

/** The words for an open vote that still needs the signed-in Editor's: the newsroom and the inbox count these. */
export const NEEDS_YOUR_VOTE = "Needs your vote";

/**
 * The signed-in Editor's own vote on a capsule in words, from the list's `viewerVote` (a signed read): how they voted,
 * that the open vote still needs theirs, or that they may not cast it (not a voting Editor when it opened). Undefined where there is nothing to say (no signed read, not an Editor of
 * the outlet, a window that has passed without their vote, a capsule that never went to a vote).
 */
export function viewerVoteWords(capsule: Pick<TCapsuleListItem, "viewerVote" | "status" | "closesAt">, now: number, votesHere: boolean): string | undefined {
  if (!votesHere || capsule.viewerVote === undefined) return undefined;
  if (capsule.viewerVote === "for") return "You voted yes";
  if (capsule.viewerVote === "against") return "You voted no";
  if (capsule.status !== "pending" || now >= Number(capsule.closesAt)) return undefined;
  // the chain counts only the Editors bonded as voters when the vote opened (one appointed since, say, cannot vote)
  return capsule.viewerVote === "not-eligible" ? "Not eligible to vote" : NEEDS_YOUR_VOTE;
}
