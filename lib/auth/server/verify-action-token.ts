import "server-only";
import { getAddress, isAddressEqual, recoverTypedDataAddress, type Address, type Hex } from "viem";
import { AppError } from "@/lib/errors/app-error";
import type { DbOrTrx } from "@/lib/db/database";
import {
  ACTION_TOKEN_CLOCK_SKEW,
  ACTION_TOKEN_MAX_LIFETIME,
  actionPayloadSchema,
  actionTypedDataDomain,
  actionTypes,
  base64UrlDecode,
  hashBody,
  typedDataMessage,
  type ActionPayload,
} from "@/lib/auth/action-token";
import { consumeNonce } from "@/lib/auth/server/auth-nonces.repository";
import { verifyDelegation } from "./verify-delegation";

export type VerifiedAction = { wallet: Address; signer: Address; payload: ActionPayload; sessionId: string };

export type ExpectedAction = { action: string; method: string; path: string; body: string | Uint8Array | undefined };

const unauthorized = (message: string) => new AppError("UNAUTHORIZED", message);

export function parseBearer(header: string | null): { payload: ActionPayload; signature: Hex } {
  if (!header) throw unauthorized("Missing Authorization header: send Bearer <action token>");
  const match = /^Bearer\s+(\S+)$/.exec(header.trim());
  if (!match?.[1]) throw unauthorized("Authorization header must be 'Bearer <action token>'");
  const token = match[1];
  const dot = token.lastIndexOf(".");
  if (dot <= 0) throw unauthorized("Malformed action token");
  const signature = token.slice(dot + 1);
  if (!/^0x[0-9a-fA-F]{130}$/.test(signature)) throw unauthorized("Malformed action token signature");
  let json: unknown;
  try {
    json = JSON.parse(base64UrlDecode(token.slice(0, dot)));
  } catch {
    throw unauthorized("Malformed action token payload");
  }
  const parsed = actionPayloadSchema.safeParse(json);
  if (!parsed.success) throw unauthorized("Malformed action token payload");
  return { payload: parsed.data, signature: signature as Hex };
}

/** Verifies a token against this request and consumes its nonce; throws 401 AppErrors. */
export async function verifyActionToken(
  db: DbOrTrx,
  header: string | null,
  expected: ExpectedAction,
  now: number = Math.floor(Date.now() / 1000),
): Promise<VerifiedAction> {
  const { payload, signature } = parseBearer(header);
  if (payload.expiresAt <= payload.issuedAt || payload.expiresAt - payload.issuedAt > ACTION_TOKEN_MAX_LIFETIME) {
    throw unauthorized(`Action token lifetime must be between 1 and ${ACTION_TOKEN_MAX_LIFETIME} seconds`);
  }
  if (payload.issuedAt > now + ACTION_TOKEN_CLOCK_SKEW) throw unauthorized("Action token is issued in the future");
  if (payload.expiresAt + ACTION_TOKEN_CLOCK_SKEW < now) throw unauthorized("Action token has expired");
  if (payload.action !== expected.action) throw unauthorized(`Action token is for '${payload.action}', not '${expected.action}'`);
  if (payload.method !== expected.method.toUpperCase()) throw unauthorized("Action token does not match the request method");
  if (payload.path !== expected.path) throw unauthorized("Action token does not match the request path");
  if (payload.bodyHash.toLowerCase() !== hashBody(expected.body).toLowerCase()) {
    throw unauthorized("Action token does not match the request body");
  }

  let signer: Address;
  try {
    signer = await recoverTypedDataAddress({
      domain: actionTypedDataDomain,
      types: actionTypes,
      primaryType: "Action",
      message: typedDataMessage(payload),
      signature,
    });
  } catch {
    throw new AppError("INVALID_SIGNATURE", "The action token's signature cannot be verified");
  }

  const wallet = getAddress(payload.wallet);
  let sessionId: string = wallet.toLowerCase();
  if (payload.delegation) {
    const session = await verifyDelegation(db, payload.delegation, wallet, now);
    if (!isAddressEqual(signer, session.sessionKey)) {
      throw new AppError("INVALID_SIGNATURE", "The action token is not signed by the delegated session key");
    }
    sessionId = session.sessionId;
  } else if (!isAddressEqual(signer, wallet)) {
    throw new AppError("INVALID_SIGNATURE", "The action token's signature does not recover to its wallet");
  }

  const fresh = await consumeNonce(db, {
    nonce: payload.nonce.toLowerCase(),
    wallet: wallet.toLowerCase(),
    action: payload.action,
    expiresAt: payload.expiresAt + ACTION_TOKEN_CLOCK_SKEW,
    usedAt: now,
  });
  if (!fresh) throw unauthorized("Action token has already been used");
  return { wallet, signer, payload, sessionId };
}
