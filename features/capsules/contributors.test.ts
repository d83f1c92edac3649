import { describe, expect, it } from "vitest";
import { checkShares, countPrimary } from "./contributors";
import { slugifyTitle, uniqueSlug } from "./article-slug";

describe("contributor shares", () => {
  it("accepts shares summing to exactly 10000 basis points", () => {
    expect(checkShares([10_000])).toEqual({ ok: true });
    expect(checkShares([6000, 2500, 1500])).toEqual({ ok: true });
  });

  it("refuses other sums and empty lists with a message naming the sum", () => {
    expect(checkShares([5000, 4999])).toEqual({ ok: false, message: "contributor shares must sum to exactly 10000 basis points (got 9999)" });
    expect(checkShares([10_000, 1])).toEqual({ ok: false, message: "contributor shares must sum to exactly 10000 basis points (got 10001)" });
    expect(checkShares([])).toEqual({ ok: false, message: "at least one contributor is required" });
  });

  it("counts primary evidence items", () => {
    expect(countPrimary([{ isPrimary: true }, { isPrimary: false }, { isPrimary: true }])).toBe(2);
    expect(countPrimary([])).toBe(0);
  });
});

describe("article slugs", () => {
  it("derives URL-friendly slugs from titles", () => {
    expect(slugifyTitle("City Council Approves Budget!")).toBe("city-council-approves-budget");
    expect(slugifyTitle("  Café résumé — 2026  ")).toBe("cafe-resume-2026");
    expect(slugifyTitle("???")).toBe("article");
    expect(slugifyTitle("a".repeat(200)).length).toBe(80);
  });

  it("adds numeric suffixes until the slug is free", () => {
    expect(uniqueSlug("budget", new Set())).toBe("budget");
    expect(uniqueSlug("budget", new Set(["budget", "budget-2"]))).toBe("budget-3");
  });
});
