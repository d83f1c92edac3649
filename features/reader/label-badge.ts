import { integrityLabelInfo } from "@/features/capsules/integrity-labels";
import { bidiNeutralized, xmlSafe } from "@/lib/schemas/plain-text";
import { ruledClaimsSentence, type RuledClaim } from "./article-notices";

// The embeddable label badge (GET /api/capsules/:id/badge.svg) and the /embed/:id document. Every
// text goes through escapeXml; nothing from the article is placed unescaped in markup. Stored text (a title, the
// court's finding) may predate the rules on control and bidirectional characters: its bidirectional controls are
// neutralized before the label's words are put after it (an override left open in a title read the sentence
// "Integrity: Misleading" backwards), and the SVG leaves out what XML may not hold (one such character made the badge
// an unreadable image).

const colours: Record<string, string> = {
  clean: "#047857",
  verified: "#15803d",
  contested: "#b45309",
  unresolved: "#57534e",
  misleading: "#c2410c",
  fraudulent: "#b91c1c",
  corrected: "#0369a1",
  retracted_by_author: "#3f3f46",
};

export const escapeXml = (text: string) =>
  text.replace(/[<>&"']/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c] ?? c);

// Verdana 11px averages ~6.5 px a character; generous so the words never clip.
const width = (text: string) => Math.ceil(text.length * 6.8) + 14;

/** The latest decided court case (the clerk's one-line finding, or none from a jury), kept on every version of the article. */
export type BadgeFinding = { caseId: string; verdict: string | null; finding: string | null };

export type BadgeInput = { capsuleId: string; label: string; title: string; court: BadgeFinding | null; proofUrl: string; published: boolean; ruledClaims: RuledClaim[] };

/** "The court found: … (court case #n)"; a jury's ruling, which has no one-line finding: "The court ruled it … (court case #n)". */
export function findingSentence(court: BadgeFinding | null): string | undefined {
  if (!court) return undefined;
  if (court.finding) return `The court found: ${bidiNeutralized(court.finding)} (court case #${court.caseId})`;
  return court.verdict ? `The court ruled it ${integrityLabelInfo(court.verdict).title} (court case #${court.caseId})` : undefined;
}

/** The verdict named beside the label when the label no longer says it (a correction after a Misleading ruling). */
export function verdictAside(input: Pick<BadgeInput, "label" | "court">): string | undefined {
  if (!input.court?.verdict || input.court.verdict === input.label) return undefined;
  return `court: ${integrityLabelInfo(input.court.verdict).title}`;
}

export function badgeTitle(input: BadgeInput): string {
  if (!input.published) return `Capsule #${input.capsuleId} is not published`;
  const info = integrityLabelInfo(input.label);
  const claims = ruledClaimsSentence(input.ruledClaims);
  return `${bidiNeutralized(input.title)} — Integrity: ${info.title}. ${findingSentence(input.court) ?? info.explanation}${claims ? ` ${claims}` : ""}`;
}

export function badgeSvg(input: BadgeInput): string {
  const info = integrityLabelInfo(input.label);
  const left = "Capsule";
  const aside = verdictAside(input);
  const right = input.published ? `${info.symbol} ${info.title}${aside ? ` · ${aside}` : ""}` : "not published";
  const [lw, rw] = [width(left), width(right)];
  const colour = input.published ? (colours[info.key] ?? "#57534e") : "#78716c";
  const title = escapeXml(xmlSafe(badgeTitle(input)));
  return `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${lw + rw}" height="20" role="img" aria-label="${title}">
<title>${title}</title>
<a xlink:href="${escapeXml(input.proofUrl)}" href="${escapeXml(input.proofUrl)}" target="_blank">
<rect width="${lw}" height="20" rx="3" fill="#1c1917"/>
<rect x="${lw}" width="${rw}" height="20" rx="3" fill="${colour}"/>
<rect x="${lw - 3}" width="6" height="20" fill="${colour}"/>
<g fill="#fff" font-family="Verdana,DejaVu Sans,sans-serif" font-size="11">
<text x="7" y="14">${escapeXml(left)}</text>
<text x="${lw + 7}" y="14">${escapeXml(right)}</text>
</g>
</a>
</svg>`;
}
