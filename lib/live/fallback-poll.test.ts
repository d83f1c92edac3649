import { describe, expect, it } from "vitest";
import { FALLBACK_POLL_BASE_MS, FALLBACK_POLL_MAX_MS, fallbackGap } from "./fallback-poll";

describe("fallback polling", () => {
  it("does not poll while the push is live", () => {
    expect(fallbackGap(true, 0)).toBe(false);
    expect(fallbackGap(true, 600_000)).toBe(false);
  });

  it("backs off to half the downtime, between the base and the cap", () => {
    expect(fallbackGap(false, 0)).toBe(FALLBACK_POLL_BASE_MS);
    expect(fallbackGap(false, 30_000)).toBe(15_000);
    expect(fallbackGap(false, 3_600_000)).toBe(FALLBACK_POLL_MAX_MS);
  });

  it("never spends more than a fifth of a reader's 100 reads a minute, even in the first minute", () => {
    let elapsed = 0;
    let polls = 0;
    for (;;) {
      const gap = fallbackGap(false, elapsed);
      if (gap === false || elapsed + gap > 60_000) break;
      elapsed += gap;
      polls += 1;
    }
    expect(polls).toBeLessThanOrEqual(20);
    expect(polls).toBeGreaterThan(0);
  });
});
