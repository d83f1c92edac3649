import { describe, expect, it } from "vitest";
import { acceptanceRate, distributionTier, monthsBetween, MONTH_SECONDS, type DistributionInputs } from "./distribution-tier";

const base: DistributionInputs = { active: true, accepted: 0, rejected: 0, labels: [], monthsActive: 0, minimumSample: { elevated: 4, premium: 10 } };

describe("distributionTier", () => {
  it.each<[string, Partial<DistributionInputs>, string]>([
    ["not active", { active: false, accepted: 100, monthsActive: 24 }, "none"],
    ["active, nothing decided yet", {}, "standard"],
    ["74.99% accepted", { accepted: 7499, rejected: 2501 }, "standard"],
    ["exactly 75%, clean", { accepted: 3, rejected: 1 }, "elevated"],
    ["defaults: 19 of 19 accepted is not enough", { accepted: 19, minimumSample: undefined }, "standard"],
    ["defaults: 20 of 20 accepted is Elevated", { accepted: 20, minimumSample: undefined }, "elevated"],
    ["75% but a misleading label", { accepted: 3, rejected: 1, labels: ["clean", "misleading"] }, "standard"],
    ["95% but a fraudulent label and 24 months", { accepted: 19, rejected: 1, labels: ["fraudulent"], monthsActive: 24 }, "standard"],
    ["contested/corrected labels keep the record clean", { accepted: 3, rejected: 1, labels: ["contested", "corrected"] }, "elevated"],
    ["90% but only 11 months", { accepted: 9, rejected: 1, monthsActive: 11 }, "elevated"],
    ["exactly 90% and 12 months", { accepted: 9, rejected: 1, monthsActive: 12 }, "premium"],
    ["89% and 36 months", { accepted: 89, rejected: 11, monthsActive: 36 }, "elevated"],
    ["100% of 3 decided: below the Elevated sample of 4", { accepted: 3 }, "standard"],
    ["100% of 9 decided and 24 months: Elevated, below the Premium sample of 10", { accepted: 9, monthsActive: 24 }, "elevated"],
    ["100% of 10 decided and 12 months", { accepted: 10, monthsActive: 12 }, "premium"],
  ])("%s -> %s", (_name, input, tier) => {
    expect(distributionTier({ ...base, ...input }).tier).toBe(tier);
  });

  it("reports the inputs it decided on", () => {
    expect(distributionTier({ ...base, accepted: 2, rejected: 1, labels: ["misleading"], monthsActive: 3 })).toEqual({
      tier: "standard",
      acceptanceRate: 66.67,
      cleanRecord: false,
      monthsActive: 3,
      acceptedCount: 2,
      rejectedCount: 1,
      minimumSample: { elevated: 4, premium: 10 },
    });
  });
});

describe("helpers", () => {
  it("acceptance rate of nothing decided is 0", () => expect(acceptanceRate(0, 0)).toBe(0));
  it("acceptance rate rounds to two decimals", () => expect(acceptanceRate(1, 2)).toBe(33.33));
  it("counts whole months", () => {
    expect(monthsBetween(1000, 1000 + 12 * MONTH_SECONDS - 1)).toBe(11);
    expect(monthsBetween(1000, 1000 + 12 * MONTH_SECONDS)).toBe(12);
    expect(monthsBetween(2000, 1000)).toBe(0);
  });
});
