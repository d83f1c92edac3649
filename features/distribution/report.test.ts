import { describe, expect, it } from "vitest";
import type { DistributionInputs } from "@/features/distribution/distribution-tier";
import { downgradeForPenalty, harsherPenalty } from "./penalty-downgrade";
import { acceptedNeeded, distributionReport } from "./report";
import { factorsOf, findingsScore, integrityScore, median, type FactorCounts } from "./integrity-factors";

const CAP = 10n ** 18n;
const EDITOR_BOND = 250n * CAP;
const kept = { held: 300n * CAP, peak: 300n * CAP };

const small = { elevated: 1, premium: 1 };
const base: DistributionInputs = { active: true, accepted: 0, rejected: 0, labels: [], monthsActive: 0, penalty: null, minimumSample: small };
const quiet: FactorCounts = {
  findings: { closed: 0, misleading: 0, fraudulent: 0 },
  decided: { accepted: 0, rejected: 0, selfAccepted: 0 },
  editorBonds: { required: EDITOR_BOND, editors: [] },
  summons: { summoned: 0, answered: 0 },
  editorTenureMonths: [],
};

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
  it.each([[0, 0, 100], [1, 0, 75], [2, 1, 0], [0, 1, 50], [5, 0, 0]])("court findings score with %i misleading and %i fraudulent = %i", (m, f, score) => {
    expect(findingsScore(m, f)).toBe(score);
  });

  it("computes every factor with its sample and combines them by the documented weights", () => {
    const factors = factorsOf({
      findings: { closed: 3, misleading: 1, fraudulent: 0 },
      decided: { accepted: 30, rejected: 10, selfAccepted: 0 },
      // three kept their bond; one holds less than the Editor bond
      editorBonds: { required: EDITOR_BOND, editors: [kept, kept, kept, { held: 100n * CAP, peak: 100n * CAP }] },
      summons: { summoned: 2, answered: 1 },
      editorTenureMonths: [6, 3, 9],
    });
    expect(factors).toMatchObject({
      courtFindings: { value: 75, sample: 3, unit: "closed court case(s) in the last year" },
      acceptanceRate: { value: 75, sample: 40, unit: "decided capsule(s)" },
      bondStability: { value: 75, sample: 4, unit: "Editor bond(s)" },
      summonsResponse: { value: 50, sample: 2, unit: "court summons" },
      roleTenure: { value: 50, sample: 3, unit: "Editor role holding(s)" },
    });
    for (const factor of Object.values(factors)) expect(factor.explanation).toMatch(/\.$/);
    // 0.30·75 + 0.25·75 + 0.15·75 + 0.15·50 + 0.15·50 = 22.5 + 18.75 + 11.25 + 7.5 + 7.5
    expect(integrityScore(factors)).toBe(68);
  });

  it("an outlet summoned to nothing missed nothing; one without Editors has no bond behind it", () => {
    const factors = factorsOf(quiet);
    expect(factors.summonsResponse).toMatchObject({ value: 100, sample: 0 });
    expect(factors.bondStability).toMatchObject({ value: 0, sample: 0 });
    expect(factors.roleTenure.value).toBe(0);
    expect(integrityScore(factors)).toBe(45);
    expect(integrityScore(factorsOf({ ...quiet, decided: { accepted: 10, rejected: 0, selfAccepted: 0 }, editorBonds: { required: EDITOR_BOND, editors: [kept] }, editorTenureMonths: [24] }))).toBe(100);
  });

  it("leaves self-accepted capsules out of the acceptance rate and says how many", () => {
    // 8 accepted by others' votes, 2 by their authors' alone (left out of accepted), 2 rejected
    const factors = factorsOf({ ...quiet, decided: { accepted: 8, rejected: 2, selfAccepted: 2 } });
    expect(factors.acceptanceRate).toMatchObject({ value: 80, sample: 10 });
    expect(factors.acceptanceRate.explanation).toBe("Accepted capsules out of those decided by vote. A capsule its own authors' votes alone carried is left out (2 so far).");
    expect(factorsOf(quiet).acceptanceRate.explanation).toBe("Accepted capsules out of those decided by vote. A capsule its own authors' votes alone carried is left out.");
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
    const report = distributionReport({ ...base, accepted: 4, rejected: 1, monthsActive: 3, minimumSample: { elevated: 5, premium: 8 } }, [], { ...quiet, decided: { accepted: 4, rejected: 1, selfAccepted: 0 }, editorTenureMonths: [3, 1] });
    expect(report).toMatchObject({ tier: "elevated", earnedTier: "elevated", acceptanceRate: 80, nextTier: "premium", penalty: null });
    expect(report.requirements.map((r) => [r.tier, r.met])).toEqual([["standard", true], ["elevated", true], ["premium", false]]);
    expect(report.requirements[2]!.checks.filter((c) => !c.met).map((c) => c.name)).toEqual(["sample", "acceptanceRate", "monthsActive"]);
    expect(report.toMoveUp).toEqual([
      "have 3 more capsules decided by vote (5 of 8): a rate needs a sample",
      "raise the acceptance rate from 80% to 90%: 5 more accepted capsules without a rejection",
      "stay active 9 more month(s) (3 of 12)",
    ]);
    expect(report.minimumSample).toEqual({ elevated: 5, premium: 8 });
    expect(report.factors.acceptanceRate).toMatchObject({ value: 80, sample: 5, unit: "decided capsule(s)" });
    expect(report.factors.roleTenure.value).toBe(16.67);
    expect(report.integrityScore).toBe(Math.round(0.3 * 100 + 0.25 * 80 + 0.15 * 0 + 0.15 * 100 + 0.15 * 16.67));
  });

  it("shows a penalty holding a clean record down and names it as what would move the outlet up", () => {
    const penalty = { caseId: "7", verdict: "misleading" as const, until: 1_900_000_000 };
    const report = distributionReport({ ...base, accepted: 1, penalty: "misleading", labels: ["corrected"] }, [penalty], {
      ...quiet,
      findings: { closed: 1, misleading: 1, fraudulent: 0 },
      editorBonds: { required: EDITOR_BOND, editors: [{ held: 0n, peak: 300n * CAP }] },
      summons: { summoned: 1, answered: 1 },
    });
    expect(report).toMatchObject({ tier: "standard", earnedTier: "elevated", cleanRecord: true, nextTier: "elevated" });
    expect(report.penalty).toEqual({ caseId: "7", verdict: "misleading", until: "1900000000" });
    expect(report.toMoveUp).toEqual(["wait for the misleading penalty of court case 7 to end (at 1900000000)"]);
    expect(report.factors).toMatchObject({ courtFindings: { value: 75, sample: 1 }, bondStability: { value: 0, sample: 1 }, summonsResponse: { value: 100, sample: 1 } });
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

describe("minimum sample", () => {
  it("one accepted capsule is not a record: Elevated waits for the configured sample", () => {
    const report = distributionReport({ ...base, accepted: 1, minimumSample: { elevated: 20, premium: 50 } }, [], quiet);
    expect(report.tier).toBe("standard");
    expect(report.requirements[1]!.checks.find((c) => c.name === "sample")).toEqual({ name: "sample", required: ">= 20 decided", actual: "1", met: false });
    expect(report.toMoveUp).toEqual(["have 19 more capsules decided by vote (1 of 20): a rate needs a sample"]);
  });
});

describe("an outlet with nothing decided yet", () => {
  it("shows no rate rather than 0%, and asks for the sample first, not for one more accepted capsule", () => {
    const report = distributionReport({ ...base, accepted: 0, rejected: 0, minimumSample: { elevated: 20, premium: 50 } }, [], quiet);
    expect(report.requirements[1]!.checks.find((c) => c.name === "acceptanceRate")).toEqual({ name: "acceptanceRate", required: ">= 75%", actual: "none decided yet", met: false });
    expect(report.toMoveUp).toEqual(["have 20 more capsules decided by vote (0 of 20): a rate needs a sample", "keep at least 75% of the capsules decided by vote accepted"]);
  });
});
