/**
 * How long before a later authorization an earlier one was given, in words ("less than a second", "1 second",
 * "4 seconds", "2 minutes"): two authorizations given seconds apart read apart even when their deadlines fall in the same second.
 */
export function issuedBefore(earlierMs: number, laterMs: number): string {
  const seconds = Math.max(0, Math.floor((laterMs - earlierMs) / 1000));
  if (seconds < 1) return "less than a second";
  if (seconds < 60) return seconds === 1 ? "1 second" : `${seconds} seconds`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return minutes === 1 ? "1 minute" : `${minutes} minutes`;
  const hours = Math.floor(minutes / 60);
  return hours === 1 ? "1 hour" : `${hours} hours`;
}
