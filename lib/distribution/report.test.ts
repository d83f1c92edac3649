import { describe, expect, it } from "vitest";
import type { DistributionInputs } from "@/lib/distribution/distribution-tier";
import { downgradeForPenalty, harsherPenalty } from "./penalty-downgrade";
import { acceptedNeeded, distributionReport, integrityScore, median, type FactorInputs } from "./report";

const base: DistributionInputs = { active: true, accepted: 0, rejected: 0, labels: [], monthsActive: 0, penalty: null };
const quiet: FactorInputs = { misleadingVerdicts: 0, fraudulentVerdicts: 0, bondEvents90d: 0, closedCases: 0, answeredCases: 0, editorTenureMonths: [] };

describe("downgradeForPenalty", () => {
  it.each([
    ["premium", "misleading", "elevated"],
    ["elevated", "misleading", "standard"],
    ["standard", "misleading", "standard"],
    ["premium", "fraudulent", "standard"],
    ["elevated", "fraudulent", "standard"],
    ["none", "fraudulent", "none"],
    ["premium", null, "premium"],
  ] as const)("%s with %s -> %s", (tier, penalty, expected) => {
    expect(downgradeForPenalty(tier, penalty)).toBe(expected);
  });

  it("keeps the harsher of two penalties", () => {
    expect(harsherPenalty("misleading", "fraudulent")).toBe("fraudulent");
    expect(harsherPenalty(null, "misleading")).toBe("misleading");
    expect(harsherPenalty(undefined, null)).toBeNull();
  });
});

describe("factors", () => {
  it.each([[0, 0, 100], [1, 0, 75], [2, 1, 0], [0, 1, 50], [5, 0, 0]])("integrity score with %i misleading and %i fraudulent = %i", (m, f, score) => {
    expect(integrityScore(m, f)).toBe(score);
  });

  it("takes the median tenure", () => {
    expect(median([])).toBe(0);
    expect(median([7])).toBe(7);
    expect(median([12, 2, 5])).toBe(5);
    expect(median([1, 2, 3, 10])).toBe(2.5);
  });

  it.each([[0, 0, 75, 1], [3, 1, 75, 0], [2, 1, 75, 1], [1, 1, 90, 8], [9, 1, 90, 0], [0, 3, 75, 9]])(
    "%i accepted / %i rejected needs for %i%%: %i more",
    (a, r, pct, n) => {
      expect(acceptedNeeded(a, r, pct)).toBe(n);
      if (a + r > 0) expect((100 * (a + n)) / (a + n + r)).toBeGreaterThanOrEqual(pct);
    },
  );
});

describe("distributionReport", () => {
  it("reports an elevated outlet with what Premium still needs", () => {
    const report = distributionReport({ ...base, accepted: 4, rejected: 1, monthsActive: 3 }, [], { ...quiet, editorTenureMonths: [3, 1] });
    expect(report).toMatchObject({ tier: "elevated", earnedTier: "elevated", acceptanceRate: 80, nextTier: "premium", penalty: null });
    expect(report.requirements.map((r) => [r.tier, r.met])).toEqual([["standard", true], ["elevated", true], ["premium", false]]);
    expect(report.requirements[2]!.checks.filter((c) => !c.met).map((c) => c.name)).toEqual(["acceptanceRate", "monthsActive"]);
    expect(report.toMoveUp).toEqual([
      "raise the acceptance rate from 80% to 90%: 5 more accepted capsule(s) without a rejection",
      "stay active 9 more month(s) (3 of 12)",
    ]);
    expect(report.factors).toEqual({
      integrityScore: 100,
      acceptanceRate: 80,
      bondStability: { stable: true, slashesOrWithdrawals90d: 0 },
      courtResponse: { closedCases: 0, answered: 0, rate: null },
      roleTenureMonths: 2,
    });
  });

  it("shows a penalty holding a clean record down and names it as what would move the outlet up", () => {
    const penalty = { caseId: "7", verdict: "misleading" as const, until: 1_900_000_000 };
    const report = distributionReport({ ...base, accepted: 1, penalty: "misleading", labels: ["corrected"] }, [penalty], {
      ...quiet,
      misleadingVerdicts: 1,
      bondEvents90d: 1,
      closedCases: 1,
      answeredCases: 1,
    });
    expect(report).toMatchObject({ tier: "standard", earnedTier: "elevated", cleanRecord: true, nextTier: "elevated" });
    expect(report.penalty).toEqual({ caseId: "7", verdict: "misleading", until: "1900000000" });
    expect(report.toMoveUp).toEqual(["wait for the misleading penalty of court case 7 to end (at 1900000000)"]);
    expect(report.factors).toMatchObject({ integrityScore: 75, bondStability: { stable: false }, courtResponse: { rate: 100 } });
  });

  it("names the tainted record for a misleading label", () => {
    const report = distributionReport({ ...base, accepted: 1, labels: ["misleading"] }, [], quiet);
    expect(report.tier).toBe("standard");
    expect(report.requirements[1]!.checks.find((c) => c.name === "cleanRecord")).toEqual({
      name: "cleanRecord",
      required: "no misleading or fraudulent label",
      actual: "tainted",
      met: false,
    });
    expect(report.toMoveUp).toEqual(["no capsule may carry a misleading or fraudulent label applied in the last 365 days (an accepted correction lifts the label)"]);
  });

  it("an inactive outlet is tier none and needs verification", () => {
    const report = distributionReport({ ...base, active: false }, [], quiet);
    expect(report.tier).toBe("none");
    expect(report.nextTier).toBe("standard");
    expect(report.toMoveUp).toEqual(["verify the outlet's domain (POST /api/outlets/verify) so its status is active"]);
  });
});
