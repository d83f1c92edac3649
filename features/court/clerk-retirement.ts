// The words for a case of the retired clerk court that was still open when the jury court took over
// (features/court/retire-clerk-cases.ts): closed with no verdict, the label before it restored.

/** The rationale of a retired case, and what every page shows for a case closed without a verdict. */
export const CLERK_CASE_RETIRED = "Ended without a finding: the clerk court was retired; a jury case may be opened.";
