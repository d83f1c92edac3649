import { describe, expect, it } from "vitest";
import { parseEther } from "viem";
import { walletCap } from "./bond-format";

describe("walletCap", () => {
  it("writes a balance to 4 decimals, rounded down, thousands grouped", () => {
    expect(walletCap(parseEther("9749.999895004662336569"))).toBe("9,749.9998 CAP");
    expect(walletCap(parseEther("10000"))).toBe("10,000 CAP");
    expect(walletCap(parseEther("0.00009"))).toBe("0 CAP");
  });
});
