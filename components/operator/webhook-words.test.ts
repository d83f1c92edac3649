import { describe, expect, it } from "vitest";
import { deliveryWords, isoTime } from "./webhook-words";

describe("delivery words", () => {
  it("says where each delivery stands without status codes or field names", () => {
    expect(deliveryWords({ status: "pending", attempts: 0, nextAttemptAt: "2026-12-03T10:00:00.000Z", lastError: null, deliveredAt: null })).toEqual({ label: "Waiting", sentence: "Not sent yet; it goes out shortly." });
    expect(deliveryWords({ status: "pending", attempts: 2, nextAttemptAt: "2026-12-03T10:00:00.000Z", lastError: "the endpoint answered 503", deliveredAt: null })).toEqual({
      label: "Retrying",
      sentence: `2 attempts failed: the endpoint answered 503. Next try ${isoTime("2026-12-03T10:00:00.000Z")}.`,
    });
    expect(deliveryWords({ status: "delivering", attempts: 1, nextAttemptAt: null, lastError: null, deliveredAt: null }).label).toBe("Sending now");
    expect(deliveryWords({ status: "delivered", attempts: 1, nextAttemptAt: null, lastError: null, deliveredAt: "2026-12-03T10:00:00.000Z" }).sentence).toBe(`The partner accepted it on ${isoTime("2026-12-03T10:00:00.000Z")}.`);
    expect(deliveryWords({ status: "delivered", attempts: 3, nextAttemptAt: null, lastError: null, deliveredAt: "2026-12-03T10:00:00.000Z" }).sentence).toContain("after 3 attempts");
    expect(deliveryWords({ status: "failed", attempts: 1, nextAttemptAt: null, lastError: "the webhook was disabled", deliveredAt: null })).toEqual({ label: "Not delivered", sentence: "Given up after 1 attempt: the webhook was disabled." });
  });

  it("writes the bridge's ISO times as the desk's dates", () => {
    expect(isoTime(null)).toBe("—");
    expect(isoTime("2026-12-03T10:00:00.000Z")).toMatch(/^3 Dec 2026, \d\d:\d\d /);
  });
});
