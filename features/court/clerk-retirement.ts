// The words for a case of the retired clerk court that was still open when the jury court took over
// (features/court/retire-clerk-cases.ts): closed with no verdict, the label before it restored.

/** The rationale of a retired case, and what every page shows for a case closed without a verdict. */
export const CLERK_CASE_RETIRED = "Ended without a finding: the clerk court was retired; a jury case may be opened.";

/** The rationale of a jury case whose on-chain grounds name claims its capsule does not have: no label, no penalty. */
export const UNKNOWN_CLAIMS_NO_FINDING = "Ended without a finding: the grounds name claims this article does not contain.";
/** The rationale of a jury case whose last round no juror revealed in: no label, no penalty. */
export const noRevealNoFinding = (round: number) => `Ended without a finding: no juror of round ${round + 1} revealed their findings.`;
/** What the case page and its jurors see while such a case runs. */
export const UNKNOWN_CLAIMS_NOTICE = "The grounds name claims this article does not contain";
