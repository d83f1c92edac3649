import { describe, expect, it } from "vitest";
import { parseEther } from "viem";
import { SUBMISSION_FEE_WEI, feeRecipients, feeSplit, splitFee } from "./fee-split";

describe("fee split", () => {
  it("is 35/20/15/10/10/10 of 30 units", () => {
    expect(SUBMISSION_FEE_WEI).toBe(parseEther("30"));
    expect(feeSplit.map((s) => [s.key, s.amountWei])).toEqual([
      ["validators", parseEther("10.5")],
      ["burnPool", parseEther("6")],
      ["mediaValidators", parseEther("4.5")],
      ["integrityTreasury", parseEther("3")],
      ["vaultOperators", parseEther("3")],
      ["foundation", parseEther("3")],
    ]);
    expect(feeSplit.map((s) => s.percent)).toEqual([35, 20, 15, 10, 10, 10]);
  });

  it("covers the whole fee in basis points and in wei", () => {
    expect(feeRecipients.reduce((sum, r) => sum + r.bps, 0)).toBe(10_000);
    expect(feeSplit.reduce((sum, s) => sum + s.amountWei, 0n)).toBe(SUBMISSION_FEE_WEI);
  });

  it("gives a rounding remainder to the last recipient so nothing is lost", () => {
    const shares = splitFee(7n);
    expect(shares.reduce((sum, s) => sum + s.amountWei, 0n)).toBe(7n);
    expect(shares.map((s) => s.amountWei)).toEqual([2n, 1n, 1n, 0n, 0n, 3n]);
  });
});
