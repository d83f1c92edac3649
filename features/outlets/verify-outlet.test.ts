import { describe, expect, it } from "vitest";
import { nextOutletStatus } from "./verify-outlet";

describe("nextOutletStatus (outlet states)", () => {
  it.each([
    ["pending", true, "active"],
    ["suspended", true, "active"],
    ["active", true, "active"],
    ["pending", false, "pending"],
    ["active", false, "suspended"],
    ["suspended", false, "suspended"],
  ] as const)("%s, verified=%s -> %s", (from, verified, to) => {
    expect(nextOutletStatus(from, verified)).toBe(to);
  });
});
