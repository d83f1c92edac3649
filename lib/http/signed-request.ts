import "server-only";
import type { Address } from "viem";
import { refuseOperatorWithPublicKey } from "@/lib/auth/server/public-operator-key";
import { parseBearer, verifyActionToken } from "@/lib/auth/server/verify-action-token";
import { config } from "@/lib/config/config";
import type { Db } from "@/lib/db/database";
import { AppError } from "@/lib/errors/app-error";
import type { RequestCounters } from "@/lib/rate-limit/counter-store";
import { enforceRateLimit, rateLimitHeaders, type RateLimitResult } from "@/lib/rate-limit/rate-limiter";
import type { bridgeRules } from "@/lib/rate-limit/rules";
import type { SignedEndpoint } from "@/lib/endpoints/define";
import { readJsonBody } from "./request-body";
import type { RequestHead } from "./request-head";

type Rules = ReturnType<typeof bridgeRules>;
export type SignedRequest = { wallet: Address; sessionId: string; rawBody: string; headers: Record<string, string> };

/**
 * A signed write, in the order that spends the least on a request that will fail: the
 * Authorization header's presence and shape (401 before a byte of the body is read), the client
 * IP's failed-authentication count (429 before a signature is recovered), the body (size cap, then
 * 415 unless it is declared JSON), the token (signature, nonce), the operator's public key (lib/auth/server/public-operator-key.ts),
 * then the per-client and per-session write limits (for a signed read, the public-GET budget per client and per session).
 */
export async function authenticateSigned(
  args: { db: Db; counters: RequestCounters; rules: Rules; endpoint: SignedEndpoint; request: Request; network: string; now: number; maxBodyBytes: number },
): Promise<SignedRequest> {
  const { db, counters, rules, endpoint, request, network, now } = args;
  const header = request.headers.get("authorization");
  parseBearer(header);
  await refuseAfterTooManyFailures(counters, rules, network, now);
  const rawBody = await readJsonBody(request, args.maxBodyBytes);
  const verified = await verifyActionToken(db, header, { action: endpoint.action, method: request.method, path: signedPathOf(request), body: rawBody === "" ? undefined : rawBody }, now);
  refuseOperatorWithPublicKey(verified.wallet, config());
  // a signed read (the inbox) spends the reading budget, per session: pages re-read it on every pushed change.
  // And per client network, like every public GET: a wallet costs nothing to make, so a budget per session alone let
  // one address read (and store a used nonce) without end, a fresh throwaway wallet per request.
  if (endpoint.rateLimit.includes("signed-read")) {
    await enforceRateLimit(counters.publicGet, rules.publicGet, network, now);
    const headers = rateLimitHeaders(await enforceRateLimit(counters.publicGet, rules.publicGet, `session:${verified.sessionId}`, now));
    return { wallet: verified.wallet, sessionId: verified.sessionId, rawBody, headers };
  }
  await enforceRateLimit(counters.write, rules.writePerIp, network, now);
  const headers = rateLimitHeaders(await enforceRateLimit(counters.write, rules.write, verified.sessionId, now));
  if (endpoint.rateLimit.includes("vote")) await enforceRateLimit(counters.write, rules.vote, verified.sessionId, now);
  return { wallet: verified.wallet, sessionId: verified.sessionId, rawBody, headers };
}

/**
 * The path a token binds: the request path as sent with its query string (`/api/x?a=1`), so a
 * token signed for one query cannot be replayed with another.
 */
export function signedPathOf(request: RequestHead): string {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
}

/** Every 401 counts against the client's network (lib/http/client-ip.ts) (each one may have cost a signature recovery). */
export async function countAuthFailure(counters: RequestCounters, rules: Rules, network: string, now: number): Promise<void> {
  await counters.write(rules.authFailures, network, now);
}

async function refuseAfterTooManyFailures(counters: RequestCounters, rules: Rules, network: string, now: number): Promise<void> {
  const failures = await counters.peekWrite(rules.authFailures, network, now);
  if (failures < rules.authFailures.limit) return;
  const resetAt = (Math.floor(now / rules.authFailures.windowSeconds) + 1) * rules.authFailures.windowSeconds;
  const result: RateLimitResult = { allowed: false, limit: rules.authFailures.limit, remaining: 0, resetAt, retryAfter: Math.max(1, resetAt - now) };
  throw new AppError("RATE_LIMITED", `Too many failed authentications from this address: ${rules.authFailures.limit} per ${rules.authFailures.windowSeconds} s (${rules.authFailures.name})`, {
    headers: rateLimitHeaders(result),
    details: { retryAfter: result.retryAfter },
  });
}

/**
 * A signed read (a GET that may show drafts): no header is an anonymous read; a header is checked
 * like a write's (shape, the IP's failed authentications, token for this action, method and path,
 * nonce used once), so a bad token is a 401, never a silent downgrade to anonymous.
 */
export async function authenticateRead(
  args: { db: Db; counters: RequestCounters; rules: Rules; action: string; request: RequestHead; network: string; now: number },
): Promise<Address | undefined> {
  const { db, counters, rules, request, network, now } = args;
  const header = request.headers.get("authorization");
  if (header === null) return undefined;
  const { payload } = parseBearer(header);
  await refuseAfterTooManyFailures(counters, rules, network, now);
  // HEAD is GET without the body: a token signed for the GET serves its HEAD (and one signed for HEAD)
  const method = request.method === "HEAD" && payload.method === "GET" ? "GET" : request.method;
  const verified = await verifyActionToken(db, header, { action: args.action, method, path: signedPathOf(request), body: undefined }, now);
  refuseOperatorWithPublicKey(verified.wallet, config());
  return verified.wallet;
}
