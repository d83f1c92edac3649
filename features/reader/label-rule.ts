import { FINDING_NAMES } from "@/lib/chain/jury-claims";
import type { IntegrityLabel } from "@/features/capsules/integrity-labels";
import type { TLabelBasis } from "./label-basis";

// The rule that turns a chain fact into the article's integrity label (docs/DECISIONS.md, "The integrity label's
// chain basis"). Zod-free: `npm run verify` (label-check.ts through verify-label.ts) and the article page's check in
// the reader's browser apply this one copy.

/** JuryCourt.articleFinding → the label a final finding puts on the article (features/court/jury-settle.ts); null: no such finding. */
export function labelOfFinding(articleFinding: number): IntegrityLabel | null {
  return FINDING_NAMES[articleFinding as keyof typeof FINDING_NAMES] ?? null;
}

/** The label a basis gives the article (null: the basis gives none, an unknown finding). */
export function labelOfBasis(basis: TLabelBasis): IntegrityLabel | null {
  switch (basis.kind) {
    case "none":
      return "clean";
    case "juryCaseOpened":
      return "contested";
    case "juryFinding":
      return labelOfFinding(basis.articleFinding);
    case "authorRevision":
      return basis.capsuleType === "correction" ? "corrected" : "retracted_by_author";
    case "operator":
      return basis.label;
  }
}

/** Whether log `a` comes after log `b` in the chain's order. */
export const logAfter = (a: { blockNumber: bigint; logIndex: number }, b: { blockNumber: bigint; logIndex: number }) =>
  a.blockNumber > b.blockNumber || (a.blockNumber === b.blockNumber && a.logIndex > b.logIndex);
