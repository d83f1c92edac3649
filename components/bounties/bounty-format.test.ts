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
});
