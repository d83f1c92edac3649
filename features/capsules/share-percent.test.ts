import { describe, expect, it } from "vitest";
import { bpsToPercentText, formatSharePercent, percentToBps } from "@/features/capsules/share-percent";

describe("contributor shares in percent at the form's edge", () => {
  it("turns typed percents into the basis points the API takes", () => {
    expect(percentToBps("70")).toEqual({ ok: true, bps: 7000 });
    expect(percentToBps(" 12.5 ")).toEqual({ ok: true, bps: 1250 });
    expect(percentToBps("33.33")).toEqual({ ok: true, bps: 3333 });
    expect(percentToBps("0,01")).toEqual({ ok: true, bps: 1 });
    expect(percentToBps("100")).toEqual({ ok: true, bps: 10000 });
    expect(percentToBps("0")).toEqual({ ok: true, bps: 0 });
    expect(percentToBps("33.")).toEqual({ ok: true, bps: 3300 });
  });

  it("refuses what is not a share, in plain words", () => {
    for (const text of ["", "  ", "-5", "abc", "12.345", "1e2", "0x10"]) expect(percentToBps(text).ok).toBe(false);
    expect(percentToBps("100.01")).toEqual({ ok: false, message: "A share is at most 100 percent." });
    expect(percentToBps("")).toEqual({ ok: false, message: "Enter the share in percent, from 0 to 100." });
    for (const text of ["", "12.345", "100.5"]) {
      const answer = percentToBps(text);
      expect(answer.ok ? "" : answer.message).not.toMatch(/basis|bps/i);
    }
  });

  it("shows basis points as percent, and back without drift", () => {
    expect(bpsToPercentText(7000)).toBe("70");
    expect(bpsToPercentText(3333)).toBe("33.33");
    expect(bpsToPercentText(50)).toBe("0.5");
    expect(bpsToPercentText(Number.NaN)).toBe("");
    expect(formatSharePercent(10000)).toBe("100 %");
    for (let bps = 0; bps <= 10000; bps += 7) expect(percentToBps(bpsToPercentText(bps))).toEqual({ ok: true, bps });
  });
});
