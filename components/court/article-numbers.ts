// Claims and evidence on the court pages are named as the reader's article page names them: by their
// position in the article (claim 1, 2, 3 as marked in the text; evidence in the order the article lists
// it), never by the database ids the routes carry.

/** "Claim 2": the claim's number in the article, the one the reader sees beside its words. */
export const claimName = (claim: { ordinal: number }) => `Claim ${claim.ordinal}`;

/** The claim with this id among the article's claims, named; undefined while the article has not arrived or for an id it lacks. */
export function nameOfClaim(claims: readonly { claimId: string; ordinal: number }[] | undefined, claimId: string): string | undefined {
  const claim = claims?.find((c) => c.claimId === claimId);
  return claim ? claimName(claim) : undefined;
}

/** "Evidence 3": an evidence item's position (from 1) in the article's evidence list; undefined when it is not in the list. */
export function nameOfEvidence(evidence: readonly { evidenceId: string }[] | undefined, evidenceId: string): string | undefined {
  const index = evidence?.findIndex((e) => e.evidenceId === evidenceId) ?? -1;
  return index < 0 ? undefined : `Evidence ${index + 1}`;
}
