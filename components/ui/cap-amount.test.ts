import { describe, expect, it } from "vitest";
import { parseEther } from "viem";
import { parseCapAmount } from "./cap-amount";

describe("parseCapAmount", () => {
  it("takes a decimal point or a decimal comma", () => {
    expect(parseCapAmount("12.5")).toEqual({ wei: parseEther("12.5") });
    expect(parseCapAmount("12,5")).toEqual({ wei: parseEther("12.5") });
    expect(parseCapAmount(" 0,125 ")).toEqual({ wei: parseEther("0.125") });
    expect(parseCapAmount("1000,25")).toEqual({ wei: parseEther("1000.25") });
    expect(parseCapAmount("250")).toEqual({ wei: parseEther("250") });
    expect(parseCapAmount("2.500")).toEqual({ wei: parseEther("2.5") });
    expect(parseCapAmount("0,000000000000000001")).toEqual({ wei: 1n });
  });

  it("refuses thousands separators in a sentence that says what to write", () => {
    expect(parseCapAmount("1,000.5").error).toBe("“1,000.5” has both a comma and a point: write the amount without thousands separators and one decimal separator, for example 1000.5 or 1000,5.");
    expect(parseCapAmount("1.000,5").error).toMatch(/has both a comma and a point/);
    expect(parseCapAmount("1,000,000").error).toBe("“1,000,000” has more than one separator: write the amount without thousands separators, for example 1000000 or 1000000.5.");
    expect(parseCapAmount("1.000.000").error).toMatch(/more than one separator/);
    // one comma and three digits: a thousand as the pages write it, or one with a decimal comma
    expect(parseCapAmount("1,000").error).toBe("“1,000” could mean 1000 CAP or 1 CAP: write 1000 for the larger amount, or 1 for the smaller.");
    expect(parseCapAmount("12,500").error).toBe("“12,500” could mean 12500 CAP or 12.5 CAP: write 12500 for the larger amount, or 12.5 for the smaller.");
  });

  it("refuses what is not an amount, zero unless allowed, and more than 18 decimals", () => {
    expect(parseCapAmount("").error).toBe("Enter an amount in CAP, for example 12.5.");
    expect(parseCapAmount("abc", { example: "2.5" }).error).toBe("Enter an amount in CAP with digits only, for example 2.5 (a decimal comma works too).");
    expect(parseCapAmount("-1").error).toMatch(/digits only/);
    expect(parseCapAmount("1e3").error).toMatch(/digits only/);
    expect(parseCapAmount(",5").error).toMatch(/digits only/);
    expect(parseCapAmount("0").error).toBe("The amount must be more than 0 CAP.");
    expect(parseCapAmount("0,0", { allowZero: true })).toEqual({ wei: 0n });
    expect(parseCapAmount("1.0000000000000000001").error).toBe("CAP has at most 18 decimals; shorten the amount.");
    // callers choose their own words by the kind of problem, never by matching the sentence
    expect(["", "1,000", "abc", "1.0000000000000000001", "0"].map((typed) => parseCapAmount(typed).problem)).toEqual(["empty", "separators", "digits", "decimals", "zero"]);
  });
});
