import { describe, expect, it } from "vitest";
import { formatReward } from "./bounty-format";

describe("formatReward", () => {
  it("writes wei as CAP, grouped, at most 4 decimals", () => {
    expect(formatReward("400000000000000000000", "native")).toBe("400 CAP");
    expect(formatReward("12500000000000000000", "native")).toBe("12.5 CAP");
  });

  it("keeps every digit of a reward past 2^53 CAP", () => {
    expect(formatReward("123456789012345678901234567890000000000000000000", "native")).toBe("123,456,789,012,345,678,901,234,567,890 CAP");
  });

  it("writes an ERC-20 reward with the token's own decimals and symbol, not as if it had 18", () => {
    const token = "0x231199d4f8b701d60b3cf57528df3a8c16d61ab2";
    expect(formatReward("1250500000", token, { decimals: 6, symbol: "USDC" })).toBe("1,250.5 USDC (token 0x2311…1AB2)");
    expect(formatReward("7", token, { decimals: 0, symbol: "SEAT" })).toBe("7 SEAT (token 0x2311…1AB2)");
  });

  it("writes base units when the token does not say its decimals, and tokens when it says them without a symbol", () => {
    const token = "0x231199d4f8b701d60b3cf57528df3a8c16d61ab2";
    expect(formatReward("1250500000", token, { decimals: null, symbol: null })).toBe("1,250,500,000 units (token 0x2311…1AB2)");
    expect(formatReward("1250500000", token, { decimals: null, symbol: "USDC" })).toBe("1,250,500,000 units (token 0x2311…1AB2)");
    expect(formatReward("1250500000", token, { decimals: 6, symbol: null })).toBe("1,250.5 tokens (token 0x2311…1AB2)");
    expect(formatReward("1250500000", token)).toBe("1,250,500,000 units (token 0x2311…1AB2)");
  });

  it("says a token with no contract on this chain is not on this network, so its base units are not read as tokens", () => {
    const token = "0x231199d4f8b701d60b3cf57528df3a8c16d61ab2";
    expect(formatReward("300000000000000000000", token, { contract: false, decimals: null, symbol: null })).toBe(
      "300,000,000,000,000,000,000 base units of a token not on this network (0x2311…1AB2)",
    );
    // a contract that does not say its decimals stays in units
    expect(formatReward("300", token, { contract: true, decimals: null, symbol: null })).toBe("300 units (token 0x2311…1AB2)");
  });
});
