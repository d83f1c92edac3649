import { AppError } from "@/lib/errors/app-error";
import { utcIso } from "@/lib/time/utc-iso";

// Offers close when the ownership or the role they rest on ends, and an owner cannot fill a wallet's inbox by
// offering and withdrawing (docs/DECISIONS.md, "Offers close when the ownership or the role they rest on ends").
// Pure but for the error it builds: the bridge counts the withdrawals in SQL and asks here whether one more offer may be made, and in what words.

/** The window a wallet's withdrawn offers are counted over: 24 hours of the later of wall and chain clock. */
export const OFFER_REPEAT_WINDOW_SECONDS = 86_400;

/**
 * Whether one more offer of one kind (a role, or the outlet's ownership) to `wallet` at one outlet may be made (`what` names it: `The Editor role at outlet "x"`), given
 * the offers of that kind to it there that were withdrawn in the last 24 hours (`withdrawnAt`, their closing times,
 * by the offering side: offers the bridge closed itself do not count). Each offer is an entry in the wallet's inbox,
 * and only a withdrawal lets the next one in (one open offer per kind), so the withdrawals are what is bounded. The
 * refusal's words and when an offer may be made again, or undefined.
 */
export function offerRepeatRefusal(change: { wallet: string; what: string; withdrawnAt: readonly number[]; limit: number; at: number }):
  | { message: string; retryAt: number }
  | undefined {
  const recent = change.withdrawnAt.filter((t) => t > change.at - OFFER_REPEAT_WINDOW_SECONDS).sort((a, b) => a - b);
  if (recent.length < change.limit) return undefined;
  // the oldest withdrawal that keeps the count at the limit leaves the window first
  const retryAt = recent[recent.length - change.limit]! + OFFER_REPEAT_WINDOW_SECONDS;
  const times = change.limit === 1 ? "once" : `${change.limit} times`;
  return {
    message: `${change.what} was offered to ${change.wallet} and withdrawn ${times} in the last 24 hours, the most in one day (each offer is an entry in its inbox); it may be offered to it again from ${utcIso(retryAt)}`,
    retryAt,
  };
}

/** 429 RATE_LIMITED for such a refusal, with when the offer may be made again (Retry-After in seconds; `details.retryAt`, Unix seconds). */
export const offerRepeatError = (refusal: { message: string; retryAt: number }, at: number) =>
  new AppError("RATE_LIMITED", refusal.message, { headers: { "Retry-After": String(Math.max(1, refusal.retryAt - at)) }, details: { retryAt: String(refusal.retryAt) } });
