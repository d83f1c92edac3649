import { describe, expect, it } from "vitest";
import { claimTypes } from "@/features/capsules/claims.schema";
import { claimTypeLabel, claimTypeName } from "./claim-type-labels";

describe("claim type labels", () => {
  it("gives every claim type a capitalised label, never the raw value", () => {
    for (const type of claimTypes) {
      const label = claimTypeName(type);
      expect(label).toBe(claimTypeLabel[type]);
      expect(label).not.toBe(type);
      expect(label[0]).toBe(label[0]?.toUpperCase());
    }
    expect(claimTypeName("statistic")).toBe("Statistic");
    expect(claimTypeName("other")).toBe("Claim");
  });

  it("shows a kind it does not know as it came", () => {
    expect(claimTypeName("forecast")).toBe("forecast");
    expect(claimTypeName("toString")).toBe("toString");
  });
});
