import "server-only";
import type { Address } from "viem";

/** POST /api/auth/check: who a verified action token was for, and whether a session key signed it. */
export function tokenCheckAnswer(wallet: Address, sessionId: string, note: string | undefined) {
  return { ok: true as const, wallet, session: sessionId === wallet.toLowerCase() ? ("wallet" as const) : ("session-key" as const), note: note ?? null };
}
