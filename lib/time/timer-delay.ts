/**
 * The longest delay a timer holds (2^31 − 1 ms, about 24.8 days): browsers and Node fire a timer set longer than this
 * at once, so a deadline further away must be waited for in steps.
 */
export const MAX_TIMER_DELAY_MS = 2_147_483_647;

/** How long a timer should wait for `untilMs` from `nowMs`: never negative, never more than a timer holds (when it fires early, wait again). */
export function timerDelayUntil(untilMs: number, nowMs: number): number {
  return Math.min(MAX_TIMER_DELAY_MS, Math.max(0, untilMs - nowMs));
}
