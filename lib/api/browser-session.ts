"use client";

import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import type { Address, Hex } from "viem";
import { z } from "zod";
import { buildActionToken } from "@/lib/auth/action-token";
import { buildSessionMessage } from "@/lib/auth/session-delegation";
import { ApiError } from "@/lib/api/api-client";
import { call } from "@/lib/api/client";
import type { CallInput } from "@/lib/api/request";
import { sessionKeySigner, type ActionSigner } from "@/lib/api/signers";
import type { ResponseOf, SignedEndpoint } from "@/lib/endpoints/define";
import { authNonce } from "@/lib/auth/nonce.endpoint";
import { authSession } from "@/lib/auth/session.endpoint";
import { authSessionRevoke } from "@/lib/auth/session-revoke.endpoint";
import { SESSION_STORAGE_KEY } from "./session-storage-key";

// The page's session key: made in the browser, authorized once by the wallet (Sign-In with
// Ethereum), kept in localStorage so every tab of the browser shares one session, forgotten on
// sign-out (in every tab: the provider listens for the `storage` event).
export { SESSION_STORAGE_KEY };
const STORAGE_KEY = SESSION_STORAGE_KEY;

const ZStoredSession = z.object({
  wallet: z.string(),
  privateKey: z.string(),
  message: z.string(),
  signature: z.string(),
  sessionId: z.string(),
  expiresAt: z.number(),
});
export type BrowserSession = z.infer<typeof ZStoredSession>;

export function loadSession(wallet?: Address): BrowserSession | undefined {
  if (typeof window === "undefined") return undefined;
  const raw = window.localStorage.getItem(STORAGE_KEY);
  if (!raw) return undefined;
  let stored: unknown;
  try {
    stored = JSON.parse(raw);
  } catch {
    return undefined;
  }
  const parsed = ZStoredSession.safeParse(stored);
  if (!parsed.success) return undefined;
  if (parsed.data.expiresAt <= Date.now() / 1000) return undefined;
  if (wallet && parsed.data.wallet.toLowerCase() !== wallet.toLowerCase()) return undefined;
  return parsed.data;
}

export async function startSession(args: { wallet: Address; signMessage: (message: string) => Promise<Hex>; lifetimeSeconds?: number }): Promise<BrowserSession> {
  const privateKey = generatePrivateKey();
  const sessionKey = privateKeyToAccount(privateKey).address;
  const { nonce } = await call(authNonce, {});
  const message = buildSessionMessage({
    domain: window.location.host,
    origin: window.location.origin,
    wallet: args.wallet,
    sessionKey,
    nonce,
    issuedAt: new Date(),
    lifetimeSeconds: args.lifetimeSeconds ?? 8 * 60 * 60,
  });
  const signature = await args.signMessage(message);
  const registered = await call(authSession, { body: { message, signature } });
  const session: BrowserSession = { wallet: args.wallet, privateKey, message, signature, sessionId: registered.sessionId, expiresAt: Number(registered.expiresAt) };
  window.localStorage.setItem(STORAGE_KEY, JSON.stringify(session));
  return session;
}

/** A fresh single-use token for one request, signed by the session key (no wallet prompt). */
export async function sessionToken(session: BrowserSession, action: string, path: string, body: string): Promise<string> {
  const account = privateKeyToAccount(session.privateKey as Hex);
  return buildActionToken({
    wallet: session.wallet as Address,
    action,
    method: "POST",
    path,
    body,
    delegation: { message: session.message, signature: session.signature },
    sign: (typed) => account.signTypedData(typed),
  });
}

/** Fired on `window` when the bridge answered that the stored session is no more; the session provider then signs the page out. */
export const SESSION_ENDED_EVENT = "capsule:session-ended";

/**
 * The session key as a signer for this page's requests. When the bridge answers that its session ended (expired, or
 * signed out from elsewhere), the stored key is forgotten (the browser's other tabs follow the `storage` event) and
 * this tab is told, so the header offers "Sign in" again instead of signing with a dead key.
 */
export function browserSessionSigner(session: BrowserSession): ActionSigner {
  return {
    ...sessionKeySigner(session),
    onSessionEnded: () => {
      if (loadSession()?.sessionId === session.sessionId) window.localStorage.removeItem(STORAGE_KEY);
      window.dispatchEvent(new CustomEvent(SESSION_ENDED_EVENT, { detail: { sessionId: session.sessionId } }));
    },
  };
}

/** Calls a signed endpoint with the session key; answers its parsed response, throws ApiError with the bridge's message on failure. */
export async function signedPost<E extends SignedEndpoint>(session: BrowserSession | undefined, endpoint: E, input: CallInput<E>): Promise<ResponseOf<E>> {
  if (!session) throw new ApiError("UNAUTHORIZED", "Sign in with your wallet first.", 401);
  return call(endpoint, input, { signer: browserSessionSigner(session) });
}

export async function endSession(session: BrowserSession | undefined): Promise<void> {
  window.localStorage.removeItem(STORAGE_KEY);
  if (!session) return;
  try {
    await signedPost(session, authSessionRevoke, { body: {} });
  } catch {
    // the key is forgotten either way; an unreachable server only leaves a session that expires on its own
  }
}
