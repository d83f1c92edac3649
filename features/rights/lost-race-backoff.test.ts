import { describe, expect, it } from "vitest";
import { afterFailedRefund, STUCK_LOG_QUIET_SECONDS, STUCK_RETRY_FIRST_SECONDS, STUCK_RETRY_MAX_SECONDS, StuckDeposits } from "@/features/rights/lost-race-backoff";

// The leader's lost-race pass tries a deposit whose refund failed again later and later, and logs it once (then when the
// reason changes, after an hour's quiet, and when it is decided after all): docs/DECISIONS.md, "A lost-race deposit
// whose refund fails waits and is logged once".

const T = 1_800_000_000;
const NOT_HELD = "Execution reverted with reason: NotHeld()";
const AWAY = "HTTP request failed.";

describe("a lost-race deposit whose refund fails", () => {
  it("is logged at its first failure, waits longer after each, up to a bound", () => {
    const first = afterFailedRefund(undefined, NOT_HELD, T);
    expect(first).toEqual({ log: true, stuck: { reason: NOT_HELD, failures: 1, since: T, retryAt: T + STUCK_RETRY_FIRST_SECONDS, loggedAt: T } });
    const second = afterFailedRefund(first.stuck, NOT_HELD, first.stuck.retryAt);
    expect(second).toEqual({ log: false, stuck: { reason: NOT_HELD, failures: 2, since: T, retryAt: first.stuck.retryAt + 2 * STUCK_RETRY_FIRST_SECONDS, loggedAt: T } });
    let stuck = second.stuck;
    const waits: number[] = [];
    for (let i = 0; i < 2000; i++) {
      const at = stuck.retryAt;
      stuck = afterFailedRefund(stuck, NOT_HELD, at).stuck;
      waits.push(stuck.retryAt - at);
    }
    expect(waits.slice(0, 3)).toEqual([4, 8, 16].map((n) => n * STUCK_RETRY_FIRST_SECONDS));
    expect(Math.max(...waits)).toBe(STUCK_RETRY_MAX_SECONDS);
    expect(waits.at(-1)).toBe(STUCK_RETRY_MAX_SECONDS);
  });

  it("is logged again when its reason changes, or once the same reason has gone unsaid for an hour", () => {
    const first = afterFailedRefund(undefined, NOT_HELD, T).stuck;
    expect(afterFailedRefund(first, AWAY, T + 10)).toMatchObject({ log: true, stuck: { reason: AWAY, failures: 2, since: T, loggedAt: T + 10 } });
    expect(afterFailedRefund(first, NOT_HELD, T + STUCK_LOG_QUIET_SECONDS - 1).log).toBe(false);
    expect(afterFailedRefund(first, NOT_HELD, T + STUCK_LOG_QUIET_SECONDS)).toMatchObject({ log: true, stuck: { loggedAt: T + STUCK_LOG_QUIET_SECONDS } });
  });
});

describe("the stuck deposits a pass keeps", () => {
  it("leaves out of the next passes a failed payment until it is due, and forgets it once decided", () => {
    const stuck = new StuckDeposits();
    expect(stuck.failed(7, NOT_HELD, T).log).toBe(true);
    expect(stuck.waiting(T)).toEqual([7]);
    expect(stuck.waiting(T + STUCK_RETRY_FIRST_SECONDS - 1)).toEqual([7]);
    expect(stuck.waiting(T + STUCK_RETRY_FIRST_SECONDS)).toEqual([]);
    expect(stuck.failed(7, NOT_HELD, T + STUCK_RETRY_FIRST_SECONDS).log).toBe(false);
    expect(stuck.forget(7)).toMatchObject({ failures: 2, since: T });
    expect(stuck.forget(7)).toBeUndefined();
    expect(stuck.waiting(T)).toEqual([]);
    // failing again after that is a first failure, logged
    expect(stuck.failed(7, NOT_HELD, T + 100).log).toBe(true);
  });

  it("forgets a payment due again that its pass's query no longer answers, and only those", () => {
    const stuck = new StuckDeposits();
    stuck.failed(1, NOT_HELD, T);
    stuck.failed(2, NOT_HELD, T);
    stuck.failed(3, NOT_HELD, T + 5);
    const due = T + STUCK_RETRY_FIRST_SECONDS;
    // 1 and 2 due, 3 still waiting (left out of the query, so its absence says nothing); 2 is still a candidate
    stuck.forgetGone([2], due);
    expect(stuck.size).toBe(2);
    expect(stuck.waiting(T)).toEqual([2, 3]);
  });

  it("keeps a bounded number, forgetting the one due soonest when full", () => {
    const stuck = new StuckDeposits(3);
    stuck.failed(1, NOT_HELD, T + 2);
    stuck.failed(2, NOT_HELD, T);
    stuck.failed(3, NOT_HELD, T + 1);
    stuck.failed(4, NOT_HELD, T + 3);
    expect(stuck.size).toBe(3);
    expect(stuck.waiting(T).sort()).toEqual([1, 3, 4]);
    // a failure of one kept replaces it, forgetting nothing else
    stuck.failed(3, NOT_HELD, T + STUCK_RETRY_FIRST_SECONDS + 1);
    expect(stuck.waiting(T).sort()).toEqual([1, 3, 4]);
  });
});
