import { describe, expect, it } from "vitest";
import { parseEther } from "viem";
import { formatCap, formatClockTime, formatCount, formatUtcClock } from "./capsule-format";

describe("formatCap", () => {
  it("groups thousands and keeps the fraction as it is", () => {
    expect(formatCap(parseEther("50000000"))).toBe("50,000,000 CAP");
    expect(formatCap(parseEther("1234.5").toString())).toBe("1,234.5 CAP");
    expect(formatCap(parseEther("30"))).toBe("30 CAP");
    expect(formatCap(0n)).toBe("0 CAP");
    expect(formatCap(1n)).toBe("0.000000000000000001 CAP");
  });
});

describe("formatCount", () => {
  it("groups thousands like formatCap (gas used)", () => {
    expect(formatCount(21000n)).toBe("21,000");
    expect(formatCount(1234567)).toBe("1,234,567");
    expect(formatCount("999")).toBe("999");
    expect(formatCount(0n)).toBe("0");
  });
});

describe("formatClockTime", () => {
  it("writes the hour with two digits just after midnight, as at any other hour", () => {
    expect(formatClockTime(new Date(2026, 11, 7, 0, 5, 41))).toMatch(/^00:05:41 \S+$/);
    expect(formatClockTime(new Date(2026, 11, 7, 14, 5, 9))).toMatch(/^14:05:09 \S+$/);
  });
});

describe("formatUtcClock", () => {
  it("writes hours and minutes in UTC, whatever the browser's zone", () => {
    const today = new Date("2026-12-07T12:00:00Z");
    expect(formatUtcClock(new Date("2026-12-07T00:05:41Z"), today)).toBe("00:05 UTC");
    expect(formatUtcClock(new Date("2026-12-07T23:59:00Z"), today)).toBe("23:59 UTC");
  });

  it("writes the seconds when asked, so two moments seconds apart read apart", () => {
    const today = new Date("2026-12-07T12:00:00Z");
    const first = formatUtcClock(new Date("2026-12-07T17:35:01Z"), today, { seconds: true });
    const second = formatUtcClock(new Date("2026-12-07T17:35:05Z"), today, { seconds: true });
    expect(first).toBe("17:35:01 UTC");
    expect(second).toBe("17:35:05 UTC");
    expect(formatUtcClock(new Date("2027-01-06T00:05:09Z"), today, { seconds: true })).toBe("6 January 2027, 00:05:09 UTC");
  });

  it("names the day of a moment on another UTC day", () => {
    const today = new Date("2026-12-07T23:50:00Z");
    expect(formatUtcClock(new Date("2026-12-08T00:05:00Z"), today)).toBe("8 December 2026, 00:05 UTC");
    expect(formatUtcClock(new Date("2027-01-06T14:05:00Z"), today)).toBe("6 January 2027, 14:05 UTC");
  });
});
