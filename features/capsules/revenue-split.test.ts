import { describe, expect, it } from "vitest";
import { splitRevenue } from "./revenue-split";

describe("splitRevenue", () => {
  it("gives the first party its basis points and the contributors the rest by shareBps, remainder to the first party", () => {
    const split = splitRevenue(10n ** 18n + 7n, 4000, [
      { wallet: "a", shareBps: 5000 },
      { wallet: "b", shareBps: 3333 },
      { wallet: "c", shareBps: 1667 },
    ]);
    // the numbers LicenceEscrow.release pays on chain (test/contracts/licence-escrow.test.ts)
    expect(split.contributors.map((c) => c.amount)).toEqual([300000000000000002n, 199980000000000001n, 100020000000000000n]);
    expect(split.firstParty).toBe(400000000000000004n);
  });

  it("sums to the amount whatever the rounding, and gives everything to the first party without contributors", () => {
    for (const amount of [0n, 1n, 3n, 999n, 1001n, 123456789n]) {
      const split = splitRevenue(amount, 5000, [{ wallet: "a", shareBps: 3334 }, { wallet: "b", shareBps: 3333 }, { wallet: "c", shareBps: 3333 }]);
      expect(split.firstParty + split.contributors.reduce((s, c) => s + c.amount, 0n)).toBe(amount);
    }
    expect(splitRevenue(1000n, 5000, [])).toEqual({ firstParty: 1000n, contributors: [] });
    expect(splitRevenue(1000n, 0, [{ wallet: "a", shareBps: 10_000 }]).contributors[0]!.amount).toBe(1000n);
  });

  it("refuses shares that do not sum to 10 000 and a first party outside 0..10 000", () => {
    expect(() => splitRevenue(1n, 5000, [{ wallet: "a", shareBps: 9000 }])).toThrow(/sum to 9000/);
    expect(() => splitRevenue(1n, 10_001, [])).toThrow(RangeError);
  });
});
