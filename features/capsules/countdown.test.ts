import { describe, expect, it } from "vitest";
import { chainNow, describeCountdown, formatCountdown, secondsUntil } from "./countdown";

describe("countdown formatting", () => {
  it.each([
    [259_200, "3d 00h 00m"],
    [2 * 86_400 + 3 * 3_600 + 15 * 60 + 59, "2d 03h 15m"],
    [3 * 3_600 + 4 * 60 + 5, "3h 04m 05s"],
    [4 * 60 + 9, "4m 09s"],
    [12, "12s"],
    [0.9, "0s"],
    [0, "closed"],
    [-5, "closed"],
    [Number.NaN, "closed"],
  ])("%s s -> %s", (seconds, text) => {
    expect(formatCountdown(seconds)).toBe(text);
  });

  it("describes the time left in words", () => {
    expect(describeCountdown(2 * 86_400 + 3 * 3_600 + 15 * 60)).toBe("2 days, 3 hours and 15 minutes left");
    expect(describeCountdown(3_600 + 60)).toBe("1 hour and 1 minute left");
    expect(describeCountdown(86_400)).toBe("1 day left");
    expect(describeCountdown(1)).toBe("1 second left");
    expect(describeCountdown(0)).toBe("Voting has closed");
  });

  it("measures on the chain clock, never behind the wall clock", () => {
    // chain moved 72 h ahead (evm_increaseTime): its time wins and advances with the wall clock
    expect(chainNow(2_000_000_000, 1_000_000_000_000, 1_000_000_005_000)).toBe(2_000_000_005);
    // an idle chain whose last block is old: the wall clock wins
    expect(chainNow(999_999_000, 1_000_000_000_000, 1_000_000_000_000)).toBe(1_000_000_000);
    expect(chainNow(undefined, 0, 1_234_000)).toBe(1_234);
    expect(secondsUntil("1000", 900)).toBe(100);
    expect(secondsUntil("0", 900)).toBe(0);
  });
});
