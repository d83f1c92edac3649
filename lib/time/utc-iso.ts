/**
 * Unix seconds as an ISO 8601 UTC time to the second ("2026-12-03T21:00:00Z"): the form messages use for a chain
 * time, readable and unambiguous, never the raw number. Fractions of a second are dropped (chain times are whole).
 */
export function utcIso(unixSeconds: number | string | bigint): string {
  const seconds = Number(unixSeconds);
  if (!Number.isFinite(seconds)) throw new RangeError(`Not a time in seconds: ${String(unixSeconds)}`);
  return `${new Date(Math.floor(seconds) * 1000).toISOString().slice(0, 19)}Z`;
}
