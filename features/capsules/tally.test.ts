import { describe, expect, it } from "vitest";
import { parseEther } from "viem";
import { isAccepted, percentString, tally } from "./tally";

describe("tally (vote arithmetic)", () => {
  it("answers 0.00 everywhere when nothing was cast", () => {
    expect(tally({ yes: 0n, no: 0n, eligibleWeight: parseEther("500") })).toEqual({
      yesVotes: "0",
      noVotes: "0",
      weightedYes: "0.00",
      weightedNo: "0.00",
      weightedParticipation: "0.00",
    });
    expect(tally({ yes: 0n, no: 0n, eligibleWeight: 0n }).weightedParticipation).toBe("0.00");
  });

  it("computes shares of the cast weight and participation against eligible weight", () => {
    const t = tally({ yes: parseEther("250"), no: parseEther("300"), eligibleWeight: parseEther("800") });
    expect(t).toEqual({
      yesVotes: parseEther("250").toString(),
      noVotes: parseEther("300").toString(),
      weightedYes: "45.45",
      weightedNo: "54.54",
      weightedParticipation: "68.75",
    });
  });

  it("truncates to two decimals, never rounding up", () => {
    expect(percentString(2n, 3n)).toBe("66.66");
    expect(percentString(1n, 3n)).toBe("33.33");
    expect(percentString(59_999n, 100_000n)).toBe("59.99");
    expect(percentString(29n, 40n)).toBe("72.50");
    expect(percentString(1n, 1n)).toBe("100.00");
    expect(percentString(3n, 1n)).toBe("300.00");
  });

  it("handles values far beyond Number precision", () => {
    const huge = 10n ** 40n;
    expect(percentString(huge + 1n, 2n * huge)).toBe("50.00");
    expect(tally({ yes: huge, no: 0n, eligibleWeight: huge * 4n }).weightedParticipation).toBe("25.00");
  });

  it("decides acceptance exactly like the contract", () => {
    const policy = { approvalThreshold: 60, quorumThreshold: 5 };
    expect(isAccepted({ yes: 60n, no: 40n, eligibleWeight: 2000n }, policy)).toBe(true);
    expect(isAccepted({ yes: 59n, no: 41n, eligibleWeight: 100n }, policy)).toBe(false);
    expect(isAccepted({ yes: 5n, no: 0n, eligibleWeight: 100n }, policy)).toBe(true);
    expect(isAccepted({ yes: 4n, no: 0n, eligibleWeight: 100n }, policy)).toBe(false);
    expect(isAccepted({ yes: 0n, no: 0n, eligibleWeight: 0n }, policy)).toBe(false);
    expect(isAccepted({ yes: 5999n, no: 4001n, eligibleWeight: 10_000n }, policy)).toBe(false);
  });
});
