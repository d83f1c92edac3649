import { describe, expect, it } from "vitest";
import { byRank, feedRank, type Standing } from "./feed-rank";

const now = 1_900_000_000;
const standard: Standing = { tier: "standard", integrityScore: 100, penalised: false };

describe("feedRank", () => {
  it("halves with every 36 hours since finalization", () => {
    expect(feedRank({ publishedAt: now, integrityLabel: "clean", standing: standard }, now).score).toBe(1);
    expect(feedRank({ publishedAt: now - 36 * 3600, integrityLabel: "clean", standing: standard }, now).score).toBeCloseTo(0.5, 10);
    // finalized "in the future" (a clock ahead) counts as now
    expect(feedRank({ publishedAt: now + 600, integrityLabel: "clean", standing: standard }, now).score).toBe(1);
  });

  it("weights the tier and the integrity score, and down-ranks contested articles and penalised outlets", () => {
    const score = (standing: Partial<Standing>, label = "clean") => feedRank({ publishedAt: now, integrityLabel: label, standing: { ...standard, ...standing } }, now).score;
    expect(score({ tier: "elevated" })).toBe(1.5);
    expect(score({ tier: "premium", integrityScore: 0 })).toBe(1);
    expect(score({}, "contested")).toBe(0.5);
    expect(score({}, "fraudulent")).toBeCloseTo(0.1, 10);
    expect(score({ penalised: true })).toBe(0.5);
  });

  it("explains each multiplier in words", () => {
    const ranking = feedRank({ publishedAt: now - 5 * 3600, integrityLabel: "contested", standing: { tier: "elevated", integrityScore: 80, penalised: true } }, now);
    expect(ranking.reasons.map((r) => [r.factor, r.text])).toEqual([
      ["recency", "first published 5 hour(s) ago"],
      ["tier", "the outlet is Elevated"],
      ["integrity", "the outlet's integrity score is 80 of 100"],
      ["label", "the article is labelled contested"],
      ["penalty", "a court penalty holds the outlet down"],
    ]);
    expect(ranking.score).toBeCloseTo(ranking.reasons.reduce((p, r) => p * r.weight, 1), 2);
  });

  it("orders by score, then newest, then id", () => {
    const item = (id: number, finalizedAt: number, label: string, tier: Standing["tier"] = "standard") => ({ id, finalizedAt, ranking: feedRank({ publishedAt: finalizedAt, integrityLabel: label, standing: { ...standard, tier } }, now) });
    const sorted = [item(1, now - 3600, "clean"), item(2, now, "contested"), item(3, now - 7200, "clean", "premium"), item(4, now - 3600, "clean")].sort(byRank);
    expect(sorted.map((i) => i.id)).toEqual([3, 4, 1, 2]);
  });
});
