import { describe, expect, it } from "vitest";
import { bondStability, bondStandingBps, editorBondOf, type BondEvent } from "./bond-stability";
import { factorsOf, type FactorCounts } from "./integrity-factors";

const CAP = 10n ** 18n;
const EDITOR_BOND = 250n * CAP;
const DAY = 86_400;
const NOW = 1_800_000_000;
const SINCE = NOW - 90 * DAY;
const deposit = (total: bigint, at: number, amount = total): BondEvent => ({ kind: "bond.deposited", amount, total, at });
const withdraw = (amount: bigint, total: bigint, at: number): BondEvent => ({ kind: "bond.withdrawn", amount, total, at });
const slash = (amount: bigint, at: number, kind = "bond.slashed"): BondEvent => ({ kind, amount, total: null, at });

describe("an Editor's bond from its events", () => {
  it("replays deposits and withdrawals by their totals and slashes and seizures by their amounts", () => {
    const events = [deposit(1000n * CAP, SINCE - 10 * DAY), slash(100n * CAP, SINCE - DAY), withdraw(300n * CAP, 600n * CAP, NOW - 5 * DAY), slash(50n * CAP, NOW - DAY, "bond.seized")];
    // 900 held when the window opened, the peak; 550 now
    expect(editorBondOf(events, SINCE, NOW)).toEqual({ held: 550n * CAP, peak: 900n * CAP });
  });

  it("counts a deposit made and withdrawn inside the window at its peak", () => {
    const events = [deposit(300n * CAP, SINCE - DAY), deposit(1300n * CAP, NOW - 20 * DAY, 1000n * CAP), withdraw(1000n * CAP, 300n * CAP, NOW - 10 * DAY)];
    expect(editorBondOf(events, SINCE, NOW)).toEqual({ held: 300n * CAP, peak: 1300n * CAP });
  });

  it("ignores events after now and a slash below zero", () => {
    expect(editorBondOf([deposit(10n, SINCE - DAY), slash(50n, SINCE + DAY), deposit(400n, NOW + 1)], SINCE, NOW)).toEqual({ held: 0n, peak: 10n });
    expect(editorBondOf([], SINCE, NOW)).toEqual({ held: 0n, peak: 0n });
  });
});

describe("bond stability", () => {
  it("an Editor with no bond, or less than the Editor bond, stands behind nothing", () => {
    expect(bondStandingBps({ held: 0n, peak: 0n }, EDITOR_BOND)).toBe(0);
    expect(bondStandingBps({ held: 249n * CAP, peak: 249n * CAP }, EDITOR_BOND)).toBe(0);
    expect(bondStandingBps({ held: 250n * CAP, peak: 250n * CAP }, EDITOR_BOND)).toBe(10_000);
    // even when the role asked for nothing, no bond is no bond
    expect(bondStandingBps({ held: 0n, peak: 0n }, 0n)).toBe(0);
  });

  it("a withdrawal weighs by the share of the bond that left", () => {
    expect(bondStandingBps({ held: 900n * CAP, peak: 1000n * CAP }, EDITOR_BOND)).toBe(9000);
    expect(bondStandingBps({ held: 300n * CAP, peak: 1200n * CAP }, EDITOR_BOND)).toBe(2500);
  });

  it("averages over the Editors, 0 with none", () => {
    expect(bondStability([], EDITOR_BOND)).toBe(0);
    expect(bondStability([{ held: 300n * CAP, peak: 300n * CAP }, { held: 0n, peak: 0n }, { held: 500n * CAP, peak: 1000n * CAP }], EDITOR_BOND)).toBe(50);
    expect(bondStability([{ held: 300n * CAP, peak: 300n * CAP }, { held: 0n, peak: 0n }, { held: 0n, peak: 0n }], EDITOR_BOND)).toBe(33.33);
  });

  it("is the factor: an outlet whose only Editor holds no bond is not stable, one small withdrawal does not zero it", () => {
    const counts = (editors: FactorCounts["editorBonds"]["editors"]): FactorCounts => ({
      findings: { closed: 0, misleading: 0, fraudulent: 0 },
      decided: { accepted: 0, rejected: 0, selfAccepted: 0 },
      editorBonds: { required: EDITOR_BOND, editors },
      summons: { summoned: 0, answered: 0 },
      editorTenureMonths: [],
    });
    expect(factorsOf(counts([{ held: 0n, peak: 0n }])).bondStability).toMatchObject({ value: 0, sample: 1 });
    expect(factorsOf(counts([{ held: 950n * CAP, peak: 1000n * CAP }])).bondStability).toMatchObject({ value: 95, sample: 1 });
    expect(factorsOf(counts([])).bondStability.explanation).toBe(
      "Each current Editor counts 0 below the Editor bond of 250 CAP, else the share it still holds of its largest bond of the last 90 days; the average over Editors.",
    );
  });
});
