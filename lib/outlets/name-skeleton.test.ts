import { describe, expect, it } from "vitest";
import { nameSkeletons } from "./name-skeleton";

/** Whether two names share a form, as the unique key of outlet_name_skeletons compares them. */
const lookAlike = (a: string, b: string): boolean => nameSkeletons(a).some((key) => nameSkeletons(b).includes(key));
const existing = "The Daily Record";

describe("outlet names that look alike", () => {
  it.each([
    ["a digit for a letter", "The Dai1y Record"],
    ["a capital I for a small l", "The DaiIy Record"],
    ["a Cyrillic а for a Latin a", "The D\u0430ily Record"],
    ["a Greek Ο for a Latin O in capitals", "THE DAILY REC\u039fRD"],
    ["extra and other spaces", "  The   Daily\u00a0Record "],
    ["zero-width characters", "The Da\u200bily\u200d Rec\u00adord\ufeff"],
    ["another case", "the daily record"],
    ["all capitals", "THE DAILY RECORD"],
    ["compatibility forms", "\uff34he Daily Record"],
  ])("finds %s", (_why, name) => {
    expect(lookAlike(name, existing)).toBe(true);
  });

  it("lets distinct names through", () => {
    for (const name of ["The Daily Recorder", "The Weekly Record", "Daily Record", "The Daily Récord"]) expect(lookAlike(name, existing)).toBe(false);
  });

  it("compares m and rn alike in both directions", () => {
    expect(lookAlike("The rnodern Times", "The Modern Times")).toBe(true);
    expect(lookAlike("The Modern Times", "The rnodern Times")).toBe(true);
    expect(nameSkeletons("modern")).toEqual(nameSkeletons("rnodern"));
  });
});
