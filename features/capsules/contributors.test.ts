import { describe, expect, it } from "vitest";
import { checkShares, countPrimary, hasAuthor, isOnlyAuthor } from "./contributors";
import { ZCreateCapsuleBody, ZUpdateCapsuleBody } from "./capsules.schema";
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

describe("a capsule's author", () => {
  const wallet = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
  const other = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";
  const row = (address: string, contributionType: string, shareBps: number) => ({ wallet: address, displayName: "Jo", role: 1, contributionType, shareBps });

  it("tells a list that credits an author, and the only author's row", () => {
    expect(hasAuthor(["author", "researcher"])).toBe(true);
    expect(hasAuthor(["editor", "researcher"])).toBe(false);
    expect(isOnlyAuthor(["author", "researcher"], 0)).toBe(true);
    expect(isOnlyAuthor(["author", "researcher"], 1)).toBe(false);
    expect(isOnlyAuthor(["author", "author"], 0)).toBe(false);
  });

  it("is required of every contributor list the bridge takes, on create and on update", () => {
    const withoutAuthor = [row(wallet, "editor", 6000), row(other, "researcher", 4000)];
    const created = ZCreateCapsuleBody.safeParse({ title: "Dredging", body: "The harbour is dredged.", outletSlug: "harbour", contributors: withoutAuthor });
    expect(created.success).toBe(false);
    expect(created.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([["contributors", "at least one contributor must be credited as author"]]);
    const updated = ZUpdateCapsuleBody.safeParse({ capsuleId: "7", contributors: [row(wallet, "researcher", 10_000)] });
    expect(updated.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([["contributors", "at least one contributor must be credited as author"]]);
    expect(ZUpdateCapsuleBody.safeParse({ capsuleId: "7", contributors: [row(wallet, "author", 6000), row(other, "researcher", 4000)] }).success).toBe(true);
    // an empty list is refused as before, without a second word about the author
    const empty = ZUpdateCapsuleBody.safeParse({ capsuleId: "7", contributors: [] });
    expect(empty.error?.issues.map((issue) => issue.message)).not.toContain("at least one contributor must be credited as author");
    expect(empty.success).toBe(false);
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
