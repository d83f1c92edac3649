import { describe, expect, it } from "vitest";
import { MAX_TIMER_DELAY_MS, timerDelayUntil } from "./timer-delay";

describe("timerDelayUntil", () => {
  it("waits the time left", () => {
    expect(timerDelayUntil(10_000, 4_000)).toBe(6_000);
  });

  it("does not wait for a moment already past", () => {
    expect(timerDelayUntil(4_000, 10_000)).toBe(0);
  });

  it("caps a deadline weeks away at what a timer holds, so the timer does not fire at once", () => {
    const now = Date.UTC(2026, 11, 7);
    expect(timerDelayUntil(now + 30 * 86_400_000, now)).toBe(MAX_TIMER_DELAY_MS);
  });
});
