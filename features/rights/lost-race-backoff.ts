// The lost-race deposits whose refund failed (the estimate reverted, the node refused it or was away), as the leader's
// pass (./lost-race-refunds.ts) keeps them in memory: each is tried again later and later, not on every pass, and said
// in the log once, again when the reason changes or after an hour's quiet, and when it is refunded after all
// (docs/DECISIONS.md, "A lost-race deposit whose refund fails waits and is logged once").

/** The first wait after a failure; it doubles with each failure after that, up to `STUCK_RETRY_MAX_SECONDS`. */
export const STUCK_RETRY_FIRST_SECONDS = 10;
export const STUCK_RETRY_MAX_SECONDS = 15 * 60;
/** A deposit still failing for the same reason is said again after this long. */
export const STUCK_LOG_QUIET_SECONDS = 60 * 60;
/** Most stuck deposits kept: bounded memory, and a bounded list the pass's query leaves out. */
export const STUCK_DEPOSITS_KEPT = 1000;

export type StuckDeposit = { reason: string; failures: number; since: number; retryAt: number; loggedAt: number };

/** After a failed refund at `now`: when to try the deposit again, and whether this failure is logged. */
export function afterFailedRefund(previous: StuckDeposit | undefined, reason: string, now: number): { stuck: StuckDeposit; log: boolean } {
  const failures = (previous?.failures ?? 0) + 1;
  const wait = Math.min(STUCK_RETRY_FIRST_SECONDS * 2 ** (failures - 1), STUCK_RETRY_MAX_SECONDS);
  const log = previous === undefined || previous.reason !== reason || now - previous.loggedAt >= STUCK_LOG_QUIET_SECONDS;
  return { stuck: { reason, failures, since: previous?.since ?? now, retryAt: now + wait, loggedAt: log ? now : previous.loggedAt }, log };
}

/** The stuck deposits by payment id, at most `kept`: when full, the one due soonest is forgotten (it is tried again soonest anyway). */
export class StuckDeposits {
  private readonly byPayment = new Map<number, StuckDeposit>();

  constructor(private readonly kept = STUCK_DEPOSITS_KEPT) {}

  /** The payments not to try at `now`: a pass leaves them out of its query, so they take no place among its candidates. */
  waiting(now: number): number[] {
    return [...this.byPayment].filter(([, stuck]) => stuck.retryAt > now).map(([paymentId]) => paymentId);
  }

  /** Records a failure; answers whether to log it. */
  failed(paymentId: number, reason: string, now: number): { stuck: StuckDeposit; log: boolean } {
    const next = afterFailedRefund(this.byPayment.get(paymentId), reason, now);
    this.byPayment.delete(paymentId);
    if (this.byPayment.size > 0 && this.byPayment.size >= this.kept) {
      const soonest = [...this.byPayment].reduce((a, b) => (b[1].retryAt < a[1].retryAt ? b : a));
      this.byPayment.delete(soonest[0]);
    }
    this.byPayment.set(paymentId, next.stuck);
    return next;
  }

  /** Forgets a payment (refunded, or decided by its buyer's request); answers what it was when it had been stuck. */
  forget(paymentId: number): StuckDeposit | undefined {
    const stuck = this.byPayment.get(paymentId);
    this.byPayment.delete(paymentId);
    return stuck;
  }

  /**
   * After a pass's query at `now` answered `candidates`, fewer than its limit: a stuck payment it was free to answer
   * (due again) but did not is no candidate any more (its buyer reclaimed it, a request decided it), and is forgotten.
   */
  forgetGone(candidates: Iterable<number>, now: number): void {
    const still = new Set(candidates);
    for (const [paymentId, stuck] of [...this.byPayment]) if (stuck.retryAt <= now && !still.has(paymentId)) this.byPayment.delete(paymentId);
  }

  get size(): number {
    return this.byPayment.size;
  }
}
