import { describe, expect, it } from "vitest";
import { contributionPayout } from "./jury-payout";

describe("what withdrawContribution pays", () => {
  it("gives everything back when the appeal opened no round", () => {
    expect(contributionPayout([3n, 4n], [5n, 4n, 0n, false], "challenger")).toBe(7n);
  });

  it("shares the reward pool among the prevailing side's funders, rounded down, and nothing to the other side", () => {
    // 7 + 14 raised for a round of 7: pool 14 (plus a returned fee of 7 when nobody in that round revealed)
    expect(contributionPayout([0n, 14n], [7n, 14n, 21n, true], "outlet")).toBe(21n);
    expect(contributionPayout([7n, 0n], [7n, 14n, 21n, true], "outlet")).toBe(0n);
    expect(contributionPayout([0n, 5n], [7n, 15n, 14n, true], "outlet")).toBe(4n); // 5 × 14 / 15 = 4.67
  });
});
