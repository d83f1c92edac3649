import { ApiError } from "@/lib/api/api-client";

/**
 * Whether asking again may give another answer: the network failed (no answer at all), the server
 * failed (5xx), timed out (408) or asked us to slow down (429). A 4xx other than those is the
 * answer itself (not found, not allowed, invalid), and "Try again" would only repeat it.
 */
export function isRetryable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status >= 500 || error.status === 408 || error.status === 429 || error.status === 0;
}
