import { describe, expect, it } from "vitest";
import { issuedBefore } from "./voucher-words";

describe("issuedBefore", () => {
  it("words the gap between two authorizations to the second, and a gap under one as less than a second", () => {
    const later = Date.UTC(2099, 0, 1, 12, 0, 0);
    expect(issuedBefore(later - 400, later)).toBe("less than a second");
    expect(issuedBefore(later - 1_000, later)).toBe("1 second");
    expect(issuedBefore(later - 4_900, later)).toBe("4 seconds");
    expect(issuedBefore(later - 59_999, later)).toBe("59 seconds");
  });

  it("words longer gaps in whole minutes and hours", () => {
    const later = Date.UTC(2099, 0, 1, 12, 0, 0);
    expect(issuedBefore(later - 60_000, later)).toBe("1 minute");
    expect(issuedBefore(later - 150_000, later)).toBe("2 minutes");
    expect(issuedBefore(later - 3_600_000, later)).toBe("1 hour");
    expect(issuedBefore(later - 3 * 3_600_000 - 5_000, later)).toBe("3 hours");
  });

  it("never words a gap as negative (a clock set back between the two)", () => {
    expect(issuedBefore(2_000, 1_000)).toBe("less than a second");
  });
});
