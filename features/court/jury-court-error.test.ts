import { describe, expect, it } from "vitest";
import { BaseError, encodeErrorResult } from "viem";
import { juryCourtAbi } from "@/lib/chain/abi";
import { describeAppealError, describeOpenCaseError } from "./jury-court-error";

// JuryCourt's refusals in words, whether viem decoded the revert or the node named only its selector.

describe("the jury court's refusals in words", () => {
  it("reads a custom error the node named only by its selector (anvil through the RPC proxy)", () => {
    const error = new BaseError("Execution reverted with reason: custom error 0xdd1a2d79.");
    expect(describeAppealError(error, "fund the challenger")).toBe("That side is already fully funded. Nothing was paid.");
  });

  it("reads the arguments when the message carries the whole revert data", () => {
    const data = encodeErrorResult({ abi: juryCourtAbi, errorName: "NotEnoughJurors", args: [2n, 3n] });
    const error = new BaseError(`Execution reverted with reason: custom error ${data}.`);
    expect(describeOpenCaseError(error)).toBe(
      "The jury court cannot seat a jury for this article now: 2 Editors of other outlets hold a bond, and a first round needs 3. Nothing was paid. Try again later: the pool grows as Editors of other outlets deposit their bond.",
    );
  });

  it("explains that the losing side's funding closed half-way through the appeal period", () => {
    const data = encodeErrorResult({ abi: juryCourtAbi, errorName: "LoserFundingClosed", args: [1_700_000_000n] });
    const error = new BaseError(`Execution reverted with reason: custom error ${data}.`);
    expect(describeAppealError(error, "fund the challenger")).toBe(
      "Funding for the side that lost this round closed half-way through the appeal period, so the side that won has time to answer. Nothing was paid.",
    );
  });

  it("prefers the error viem decoded, and falls back to the wallet's words for anything else", () => {
    const decoded = Object.assign(new Error("reverted"), { cause: { data: { errorName: "PeriodOver", args: [1n] } } });
    expect(describeAppealError(decoded, "fund the outlet")).toMatch(/^The appeal period is over/);
    expect(describeAppealError(Object.assign(new Error("x"), { code: 4001 }), "fund the outlet")).toBe("You rejected the request in your wallet, so Capsule could not fund the outlet.");
  });
});
