// The bound on outlets one wallet owns whose domain was never verified (docs/DECISIONS.md, "Bounds on never-verified
// outlets and on offers to one wallet"): each costs the operator a transaction and keeps its slug, so a funded wallet
// could otherwise take any number of names. Checked at registration and at a handover.

/** Outlets one wallet may own at once whose domain was never verified. */
export const MAX_UNVERIFIED_OUTLETS = 3;

/** The start of every refusal at the bound: who is at it, and what the bound is. */
export const unverifiedBoundReached = (who: string, verb: "has" | "have" = "has") =>
  `${who} already ${verb} ${MAX_UNVERIFIED_OUTLETS} outlets whose domain is not verified yet, the most one wallet may have at once`;
