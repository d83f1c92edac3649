import { integrityLabelInfo } from "@/features/capsules/integrity-labels";
import type { PublishedArticle } from "./published-articles";

/** A claim a court ruled on: its number in its version, its quote, the label of its final finding. */
export type RuledClaim = { ordinal: number; quote: string; label: string };

const QUOTE_CHARS = 60;
const NAMED_CLAIMS = 5;

/** A claim's quote on one line, cut at a word boundary after at most QUOTE_CHARS characters. */
export function shortQuote(quote: string): string {
  const line = quote.replace(/\s+/g, " ").trim();
  if (line.length <= QUOTE_CHARS) return line;
  const cut = line.slice(0, QUOTE_CHARS);
  const space = cut.lastIndexOf(" ");
  return `${(space > QUOTE_CHARS / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.]+$/, "")}…`;
}

/** "Claims ruled on: “…” (claim 1) — Misleading; …", or undefined when no claim has a final finding. */
export function ruledClaimsSentence(claims: readonly RuledClaim[]): string | undefined {
  if (claims.length === 0) return undefined;
  const named = claims.slice(0, NAMED_CLAIMS).map((c) => `“${shortQuote(c.quote)}” (claim ${c.ordinal}) — ${integrityLabelInfo(c.label).title}`);
  const more = claims.length > NAMED_CLAIMS ? `; and ${claims.length - NAMED_CLAIMS} more` : "";
  return `${claims.length === 1 ? "Claim" : "Claims"} ruled on: ${named.join("; ")}${more}.`;
}

/** The label line a reader is told outside the page (feeds, badge): label, the court's finding, and the claims it ruled on. */
export function labelLine(item: Pick<PublishedArticle, "integrityLabel" | "courtCase" | "ruledClaims">): string {
  const info = integrityLabelInfo(item.integrityLabel);
  const finding = item.courtCase?.status === "closed" && item.courtCase.finding ? ` The court found: ${item.courtCase.finding} (court case #${item.courtCase.caseId})` : "";
  const claims = ruledClaimsSentence(item.ruledClaims);
  return `Integrity: ${info.title}. ${info.explanation}${finding}${claims ? ` ${claims}` : ""}`;
}

/**
 * The correction notice of a feed entry, or undefined: only a finalized correction or retraction. A feed carries
 * finalized content, so a correction going under vote changes no entry (its summary and its `updated` stay); the
 * reader's pages announce the vote.
 */
export function correctionLine(item: Pick<PublishedArticle, "revisionReason" | "revisionNumber" | "capsuleType">): string | undefined {
  if (item.revisionReason && item.revisionNumber > 0) return `${item.capsuleType === "retraction" ? "Retraction" : "Correction"}: ${item.revisionReason}`;
  return undefined;
}
