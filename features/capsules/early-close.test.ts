import { describe, expect, it } from "vitest";
import { parseEther } from "viem";
import { canStillBeAccepted } from "@/lib/chain/acceptance-outcome";
import { editorEarlyClose, type EarlyCloseInput } from "./early-close";

// The lifecycle desk's electorate: 750 + 250 + 1000 CAP bonded Editors; the default policy (approval 60, quorum 5).
const eligibleWeight = parseEther("2000").toString();
const cap = (units: number) => parseEther(String(units)).toString();
const at = (yes: number, no: number, windowEnded = false): EarlyCloseInput => ({
  yesVotes: cap(yes),
  noVotes: cap(no),
  eligibleWeight,
  approvalThreshold: 60,
  quorumThreshold: 5,
  windowEnded,
});

describe("an Editor's early close (features/capsules/early-close.ts)", () => {
  it("is allowed while no vote has been cast", () => {
    expect(editorEarlyClose(at(0, 0))).toEqual({ allowed: true, why: "no-votes" });
    expect(editorEarlyClose(at(0, 0, true))).toEqual({ allowed: true, why: "no-votes" });
  });

  it("is refused while the vote can still pass, even when yes is not (yet) the majority", () => {
    expect(editorEarlyClose(at(750, 0))).toEqual({ allowed: false, why: "can-still-pass" });
    expect(editorEarlyClose(at(750, 250))).toEqual({ allowed: false, why: "can-still-pass" });
    expect(editorEarlyClose(at(0, 250))).toEqual({ allowed: false, why: "can-still-pass" }); // the other 1750 may all say yes
  });

  it("is allowed once the vote cannot pass even if every remaining voter says yes", () => {
    expect(editorEarlyClose(at(750, 1000))).toEqual({ allowed: true, why: "cannot-pass" }); // at best 1000 yes of 2000
    expect(editorEarlyClose(at(0, 1000))).toEqual({ allowed: true, why: "cannot-pass" });
  });

  it("after the window counts only the votes cast: a passed vote is finalized, not closed", () => {
    expect(editorEarlyClose(at(750, 250, true))).toEqual({ allowed: false, why: "passed" });
    expect(editorEarlyClose(at(50, 0, true))).toEqual({ allowed: true, why: "cannot-pass" }); // 2.5 % turnout, below the quorum
    expect(editorEarlyClose(at(250, 750, true))).toEqual({ allowed: true, why: "cannot-pass" });
  });

  it("meets the approval threshold at exactly 60 % as the contract does (≥), in bigint", () => {
    const policy = { approvalThreshold: 60, quorumThreshold: 5 };
    expect(canStillBeAccepted({ yes: 1n, no: 40n, eligibleWeight: 100n }, policy)).toBe(true); // 60 yes of 100 at best
    expect(canStillBeAccepted({ yes: 1n, no: 41n, eligibleWeight: 100n }, policy)).toBe(false);
    expect(canStillBeAccepted({ yes: 1n, no: 40n, eligibleWeight: 100n }, policy, true)).toBe(false); // 1 of 41 cast
    expect(canStillBeAccepted({ yes: 0n, no: 0n, eligibleWeight: 0n }, policy)).toBe(false); // nobody may vote
  });
});
