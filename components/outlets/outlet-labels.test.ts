import { describe, expect, it } from "vitest";
import { acceptanceWords } from "./outlet-labels";

describe("acceptanceWords", () => {
  it("says none decided yet instead of 0 % when no capsule was decided", () => {
    expect(acceptanceWords({ acceptanceRate: 0, acceptedCount: 0, rejectedCount: 0 })).toBe("none decided yet");
  });
  it("gives the rate once capsules were decided, a rate of 0 % included", () => {
    expect(acceptanceWords({ acceptanceRate: 0, acceptedCount: 0, rejectedCount: 3 })).toBe("0.00%");
    expect(acceptanceWords({ acceptanceRate: 75, acceptedCount: 3, rejectedCount: 1 })).toBe("75.00%");
  });
});
