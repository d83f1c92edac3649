import { BaseError, ContractFunctionExecutionError } from "viem";
import { describe, expect, it } from "vitest";
import { contractRefusal } from "./contract-errors";
import { describeWalletError } from "./wallet-error";

// A contract's refusal reaches the page in words, whether the wallet names the error or only its selector.
describe("wallet errors", () => {
  it("turns a bare custom-error selector into words", () => {
    const raw = new BaseError("Execution reverted with reason: custom error 0x157fd87e.");
    expect(describeWalletError(raw, "submit the capsule")).toBe(
      "Could not submit the capsule: the bridge's signature for this submission expired before it reached the chain. Submit again: the bridge signs a new one.",
    );
  });

  it("finds the error by name deep in the cause chain", () => {
    const nested = new ContractFunctionExecutionError(new BaseError("The contract function \"submitCapsule\" reverted.\n\nError: WrongFee(uint256 expected, uint256 sent)"), {
      abi: [],
      functionName: "submitCapsule",
    });
    expect(describeWalletError(nested, "submit the capsule")).toContain("the fee sent does not match the fee the chain asks");
  });

  it("leaves unknown errors as the wallet said them", () => {
    expect(contractRefusal("custom error 0xdeadbeef")).toBeUndefined();
    expect(describeWalletError(new Error("nonce too low"), "vote")).toBe("Could not vote: nonce too low");
  });
});
