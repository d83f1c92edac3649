import { describe, expect, it } from "vitest";
import { burnSchedule, describeWait } from "./burn-due";

// BurnPool.burn() reverts BurnNotDue while block.timestamp < nextBurnAt: due exactly from nextBurnAt on.
describe("burnSchedule", () => {
  it("is not due one second before the next burn time, and says how long is left", () => {
    expect(burnSchedule(1_900_000_000, 1_899_999_999)).toEqual({ due: false, inSeconds: 1 });
    expect(burnSchedule(1_900_000_000, 1_900_000_000 - 7 * 86_400)).toEqual({ due: false, inSeconds: 604_800 });
  });

  it("is due at the next burn time and after it", () => {
    expect(burnSchedule(1_900_000_000, 1_900_000_000)).toEqual({ due: true, overdueSeconds: 0 });
    expect(burnSchedule(1_900_000_000, 1_900_003_600)).toEqual({ due: true, overdueSeconds: 3_600 });
  });
});

describe("describeWait", () => {
  it.each([
    [30, "less than a minute"],
    [60, "1 minute"],
    [3_599, "59 minutes"],
    [3_600, "1 hour"],
    [3_600 + 120, "1 hour 2 minutes"],
    [86_400, "1 day"],
    [604_799, "6 days 23 hours"],
    [2 * 86_400 + 3_600, "2 days 1 hour"],
  ])("%i seconds → %s", (seconds, words) => {
    expect(describeWait(seconds)).toBe(words);
  });
});
