import { integrityLabelInfo } from "@/lib/capsules/integrity-labels";
import type { PublishedArticle } from "./published-articles";

const utc = (unixSeconds: string | number) => `${new Date(Number(unixSeconds) * 1000).toISOString().replace("T", " ").slice(0, 16)} UTC`;

/** The label line a reader is told outside the page (feeds, badge): label, and the court's finding. */
export function labelLine(item: Pick<PublishedArticle, "integrityLabel" | "courtCase">): string {
  const info = integrityLabelInfo(item.integrityLabel);
  const finding = item.courtCase?.status === "closed" && item.courtCase.finding ? ` The court found: ${item.courtCase.finding} (court case #${item.courtCase.caseId})` : "";
  return `Integrity: ${info.title}. ${info.explanation}${finding}`;
}

/** The correction notice of a listed article, or undefined. */
export function correctionLine(item: Pick<PublishedArticle, "underVote" | "revisionReason" | "revisionNumber" | "capsuleType">): string | undefined {
  if (item.underVote) return `A ${item.underVote.capsuleType === "retraction" ? "retraction" : "correction"} is being voted on; the vote closes ${utc(item.underVote.closesAt)}.`;
  if (item.revisionReason && item.revisionNumber > 0) return `${item.capsuleType === "retraction" ? "Retraction" : "Correction"}: ${item.revisionReason}`;
  return undefined;
}
