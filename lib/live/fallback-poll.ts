// Pages take their changes from the push channel (GET /api/live). A query that must follow changes
// the push does not carry polls only while the push is down, and backs off: the gap between polls is
// half the time the push has been down (between `baseMs` and `maxMs`), so an idle page spends at most
// 12 reads in its first minute offline with the defaults and far fewer after: under a fifth of a
// reader's 100 public reads a minute (docs/DECISIONS.md). Client-safe, pure.

export const FALLBACK_POLL_BASE_MS = 5_000;
export const FALLBACK_POLL_MAX_MS = 60_000;

/** The next poll gap: none while the push is live, else half the time it has been down, clamped. */
export function fallbackGap(live: boolean, downForMs: number, baseMs = FALLBACK_POLL_BASE_MS, maxMs = FALLBACK_POLL_MAX_MS): number | false {
  if (live) return false;
  return Math.min(maxMs, Math.max(baseMs, Math.round(downForMs / 2)));
}
