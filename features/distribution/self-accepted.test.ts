import { describe, expect, it } from "vitest";
import { acceptedOnlyByAuthors, selfAcceptedCount, type AuthorBallot } from "./self-accepted";

// Default policy: 60 % approval, 5 % quorum; weights in wei as the chain counts them.
const CAP = 10n ** 18n;
const ballot = (capsuleId: number, tally: { yes: bigint; no: bigint; eligible: bigint }, support: boolean, weight: bigint): AuthorBallot => ({
  capsuleId,
  yes: tally.yes.toString(),
  no: tally.no.toString(),
  eligibleWeight: tally.eligible.toString(),
  approvalThreshold: 60,
  quorumThreshold: 5,
  support,
  weight: weight.toString(),
});

describe("self-accepted capsules", () => {
  it("an author who is the only Editor and voted yes carried the vote alone", () => {
    expect(acceptedOnlyByAuthors([ballot(1, { yes: 250n * CAP, no: 0n, eligible: 250n * CAP }, true, 250n * CAP)])).toBe(true);
  });

  it("a capsule others also accepted is not self-accepted", () => {
    // author 250 yes + another Editor 250 yes of 1000 eligible: without the author, 250 yes of 250 cast, quorum 25 % ≥ 5 %
    expect(acceptedOnlyByAuthors([ballot(2, { yes: 500n * CAP, no: 0n, eligible: 1000n * CAP }, true, 250n * CAP)])).toBe(false);
  });

  it("is self-accepted when the authors' yes turned a losing vote into a win", () => {
    // author 300 yes, others 100 yes and 150 no: 400 / 550 = 72.7 % with the author, 100 / 250 = 40 % without
    expect(acceptedOnlyByAuthors([ballot(3, { yes: 400n * CAP, no: 150n * CAP, eligible: 1000n * CAP }, true, 300n * CAP)])).toBe(true);
  });

  it("counts every author's ballot: submitter and contributor together", () => {
    const tally = { yes: 600n * CAP, no: 0n, eligible: 6_000n * CAP };
    // without both authors 100 yes of 6 000 eligible is 1.7 % < 5 % quorum; without only one of them, 350 (5.8 %) passes
    expect(acceptedOnlyByAuthors([ballot(4, tally, true, 250n * CAP)])).toBe(false);
    expect(acceptedOnlyByAuthors([ballot(4, tally, true, 250n * CAP), ballot(4, tally, true, 250n * CAP)])).toBe(true);
  });

  it("counts capsules, not ballots", () => {
    const alone = { yes: 250n * CAP, no: 0n, eligible: 250n * CAP };
    const backed = { yes: 500n * CAP, no: 0n, eligible: 500n * CAP };
    expect(selfAcceptedCount([ballot(5, alone, true, 100n * CAP), ballot(5, alone, true, 150n * CAP), ballot(6, backed, true, 250n * CAP), ballot(7, alone, true, 250n * CAP)])).toBe(2);
    expect(selfAcceptedCount([])).toBe(0);
  });
});
