// The parts of a court case's page a link can jump to (the page's "Parts of this case" navigation),
// one name for the navigation and the part alike.
export const CASE_PLACE = {
  statements: "case-statements",
  jury: "jury-status",
  evidence: "jury-evidence-card",
  jurors: "jury-jurors",
  appeal: "jury-appeal",
  challenged: "case-challenged",
  label: "case-label",
  timeline: "case-timeline",
} as const;
