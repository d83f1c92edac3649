import { describe, expect, it } from "vitest";
import { lookalikeOf, nameSkeletons } from "./name-skeleton";

const existing = [{ slug: "daily-record", name: "The Daily Record" }];

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
    expect(lookalikeOf(name, existing)).toEqual(existing[0]);
  });

  it("lets distinct names through", () => {
    for (const name of ["The Daily Recorder", "The Weekly Record", "Daily Record", "The Daily Récord"]) expect(lookalikeOf(name, existing)).toBeUndefined();
  });

  it("compares m and rn alike in both directions", () => {
    expect(lookalikeOf("The rnodern Times", [{ name: "The Modern Times" }])).toBeDefined();
    expect(lookalikeOf("The Modern Times", [{ name: "The rnodern Times" }])).toBeDefined();
    expect(nameSkeletons("modern")).toEqual(nameSkeletons("rnodern"));
  });
});
