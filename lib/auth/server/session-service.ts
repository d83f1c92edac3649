import "server-only";
import { isAddressEqual, keccak256, recoverMessageAddress, toBytes, type Address, type Hex } from "viem";
import { generateSiweNonce } from "viem/siwe";
import type { Db, DbOrTrx } from "@/lib/db/database";
import { findSession, insertSession, insertSiweNonce, revokeSessionRow, useSiweNonce } from "@/lib/auth/server/auth-sessions.repository";
import { AppError } from "@/lib/errors/app-error";
import { CAPSULE_CHAIN_ID } from "@/lib/chain/chain";
import { config } from "@/lib/config/config";
import { ACTION_TOKEN_CLOCK_SKEW } from "@/lib/auth/action-token";
import { parseSessionMessage, readSessionMessage, SESSION_MAX_LIFETIME, type ParsedSession } from "@/lib/auth/session-delegation";
import { signInOrigins, type SignInOrigins } from "./sign-in-origins";

const NONCE_LIFETIME = 600;
export const sessionIdOf = (message: string) => keccak256(toBytes(message));

/** The configured sign-in origins; 503 SIGN_IN_UNAVAILABLE when the server may not serve sign-in. */
function acceptedOrigins(origins: SignInOrigins = signInOrigins(config())): string[] {
  if (!origins.ok) throw new AppError("SIGN_IN_UNAVAILABLE", origins.reason);
  return origins.origins;
}

/** The message's domain and uri must name one configured origin (never the request's Host). */
function checkOrigin(parsed: ParsedSession, origins: string[]): void {
  const accepted = origins.map((origin) => new URL(origin));
  const match = accepted.find((url) => url.host === parsed.domain);
  const list = accepted.map((url) => url.host).join(", ");
  if (!match) throw new AppError("UNAUTHORIZED", `Session message is for ${parsed.domain}; this server accepts sign-in for ${list}`);
  let uri: URL;
  try {
    uri = new URL(parsed.uri);
  } catch {
    throw new AppError("UNAUTHORIZED", "Session message uri is not a URL");
  }
  if (uri.origin !== match.origin) throw new AppError("UNAUTHORIZED", `Session message uri ${uri.origin} does not match its domain ${match.origin}`);
}

export async function issueSiweNonce(db: Db, now: number, origins?: SignInOrigins): Promise<{ nonce: string; expiresAt: number }> {
  acceptedOrigins(origins);
  const nonce = generateSiweNonce().slice(0, 32);
  // expired nonces are purged by housekeeping (lib/housekeeping), in bounded batches
  await insertSiweNonce(db, nonce, now, now + NONCE_LIFETIME);
  return { nonce, expiresAt: now + NONCE_LIFETIME };
}

async function recoversTo(message: string, signature: Hex, wallet: Address): Promise<boolean> {
  try {
    return isAddressEqual(await recoverMessageAddress({ message, signature }), wallet);
  } catch {
    return false;
  }
}

/**
 * Registers a session after checking the message's shape (400), domain and uri (against the
 * configured origins), chain id, that it is valid now (expiry, Issued At, Not Before), the server
 * nonce (once) and the wallet's signature.
 */
export async function registerSession(
  db: Db,
  input: { message: string; signature: Hex },
  now: number,
  origins?: SignInOrigins,
): Promise<{ sessionId: string; wallet: Address; sessionKey: Address; expiresAt: number }> {
  const accepted = acceptedOrigins(origins);
  const invalid = (path: string, message: string) => new AppError("VALIDATION_ERROR", message, { issues: [{ path, message }] });
  const reading = readSessionMessage(input.message);
  if (!reading.ok) throw invalid("message", reading.reason);
  const parsed = reading.session;
  checkOrigin(parsed, accepted);
  if (parsed.chainId !== CAPSULE_CHAIN_ID) throw new AppError("UNAUTHORIZED", `Session message is for chain ${parsed.chainId}, not ${CAPSULE_CHAIN_ID}`);
  if (parsed.expiresAt <= now) throw new AppError("UNAUTHORIZED", "Session message has expired");
  if (parsed.issuedAt > now + ACTION_TOKEN_CLOCK_SKEW) throw new AppError("UNAUTHORIZED", "Session message is issued in the future");
  if (parsed.notBefore !== undefined && parsed.notBefore > now + ACTION_TOKEN_CLOCK_SKEW) {
    throw new AppError("UNAUTHORIZED", "Session message is not valid yet (its Not Before is in the future)");
  }
  if (parsed.expiresAt - parsed.issuedAt > SESSION_MAX_LIFETIME) throw invalid("message", "Sessions last at most 12 hours");
  if (!(await recoversTo(input.message, input.signature, parsed.wallet))) {
    throw new AppError("INVALID_SIGNATURE", "The session message is not signed by its wallet");
  }
  const sessionId = sessionIdOf(input.message);
  await db.transaction().execute(async (trx) => {
    if (!(await useSiweNonce(trx, parsed.nonce, now))) throw new AppError("UNAUTHORIZED", "Unknown, expired or already used sign-in nonce");
    await insertSession(trx, {
      id: sessionId,
      wallet: parsed.wallet.toLowerCase(),
      session_key: parsed.sessionKey.toLowerCase(),
      domain: parsed.domain,
      message: input.message,
      issued_at: parsed.issuedAt,
      expires_at: parsed.expiresAt,
      revoked_at: null,
      created_at: now,
    });
  });
  return { sessionId, wallet: parsed.wallet, sessionKey: parsed.sessionKey, expiresAt: parsed.expiresAt };
}

/** Checks a delegation carried by an action token against its registered, live session. */
export async function verifyRegisteredSession(
  db: DbOrTrx,
  delegation: { message: string; signature: string },
  wallet: Address,
  now: number,
): Promise<{ sessionKey: Address; sessionId: string }> {
  const parsed = parseSessionMessage(delegation.message);
  if (!parsed || !isAddressEqual(parsed.wallet, wallet)) throw new AppError("UNAUTHORIZED", "The token's delegation is not for its wallet");
  const row = await findSession(db, sessionIdOf(delegation.message));
  // a session that is no more says so (`sessionEnded`), so a page drops its stored key and offers sign-in again
  const ended = { details: { sessionEnded: true } };
  if (!row) throw new AppError("UNAUTHORIZED", "Unknown session: sign in again", ended);
  if (row.revoked_at !== null) throw new AppError("UNAUTHORIZED", "This session was signed out", ended);
  // the server's own stored expiry is exact; clock skew is allowed for the client's issuedAt only
  if (Number(row.expires_at) <= now) throw new AppError("UNAUTHORIZED", "This session has expired: sign in again", ended);
  if (!(await recoversTo(delegation.message, delegation.signature as Hex, wallet))) {
    throw new AppError("INVALID_SIGNATURE", "The delegation is not signed by its wallet");
  }
  return { sessionKey: parsed.sessionKey, sessionId: `session:${row.id}` };
}

/**
 * POST /api/auth/session/revoke. A session key signs out its own session only; naming another
 * session (or any session) needs a token signed by the wallet itself (403 otherwise).
 */
export async function revokeSessionFor(
  db: Db,
  caller: { wallet: Address; sessionId: string },
  requested: string | undefined,
  now: number,
): Promise<{ revoked: boolean; sessionId: string }> {
  const own = caller.sessionId.startsWith("session:") ? caller.sessionId.slice("session:".length) : undefined;
  if (own !== undefined && requested !== undefined && requested.toLowerCase() !== own.toLowerCase()) {
    throw new AppError("FORBIDDEN", "A session key can sign out only its own session; revoking another session needs a token signed by the wallet itself");
  }
  const target = requested ?? own;
  if (!target) {
    throw new AppError("VALIDATION_ERROR", "Name the session to revoke", { issues: [{ path: "sessionId", message: "required when the token is wallet-signed" }] });
  }
  return { revoked: await revokeSession(db, target, caller.wallet, now), sessionId: target };
}

export async function revokeSession(db: Db, sessionId: string, wallet: Address, now: number): Promise<boolean> {
  return revokeSessionRow(db, sessionId, wallet.toLowerCase(), now);
}
