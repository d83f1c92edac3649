import type { TCapsuleListItem } from "@/features/capsules/capsules.schema";

/**
 * The signed-in Editor's own vote on a capsule in words, from the list's `viewerVote` (a signed read): how they voted,
 * or that the open vote still needs theirs. Undefined where there is nothing to say (no signed read, not an Editor of
 * the outlet, a window that has passed without their vote, a capsule that never went to a vote).
 */
export function viewerVoteWords(capsule: Pick<TCapsuleListItem, "viewerVote" | "status" | "closesAt">, now: number, votesHere: boolean): string | undefined {
  if (!votesHere || capsule.viewerVote === undefined) return undefined;
  if (capsule.viewerVote === "for") return "You voted yes";
  if (capsule.viewerVote === "against") return "You voted no";
  return capsule.status === "pending" && now < Number(capsule.closesAt) ? "Needs your vote" : undefined;
}
