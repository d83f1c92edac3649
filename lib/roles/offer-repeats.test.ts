import { describe, expect, it } from "vitest";
import { OFFER_REPEAT_WINDOW_SECONDS, offerRepeatRefusal } from "./offer-repeats";

const wallet = "0x00000000000000000000000000000000000000b2";
const at = Date.UTC(2026, 11, 6, 12, 0, 0) / 1000;
const ask = (withdrawnAt: number[], limit = 3) => offerRepeatRefusal({ wallet, what: 'The Editor role at outlet "ledger"', withdrawnAt, limit, at });

describe("the daily bound on offers withdrawn from one wallet", () => {
  it("lets an offer through below the bound, and counts only the last 24 hours", () => {
    expect(ask([])).toBeUndefined();
    expect(ask([at - 10, at - 20])).toBeUndefined();
    expect(ask([at - 10, at - 20, at - OFFER_REPEAT_WINDOW_SECONDS])).toBeUndefined();
  });

  it("refuses at the bound and says when an offer may be made again: a day after the withdrawal that leaves the window first", () => {
    const refusal = ask([at - 30, at - 3600, at - 10]);
    expect(refusal).toEqual({
      retryAt: at - 3600 + OFFER_REPEAT_WINDOW_SECONDS,
      message: `The Editor role at outlet "ledger" was offered to ${wallet} and withdrawn 3 times in the last 24 hours, the most in one day (each offer is an entry in its inbox); it may be offered to it again from 2026-12-07T11:00:00Z`,
    });
    // past the bound (a lower setting since), the oldest withdrawal that keeps it at the bound decides
    expect(ask([at - 7200, at - 3600, at - 10], 2)?.retryAt).toBe(at - 3600 + OFFER_REPEAT_WINDOW_SECONDS);
    expect(ask([at - 10], 1)?.message).toMatch(/withdrawn once in the last 24 hours/);
  });
});
