import "server-only";
import type { Address } from "viem";
import type { DbOrTrx } from "@/lib/db/database";
import type { Delegation } from "@/lib/auth/action-token";
import { verifyRegisteredSession } from "./session-service";

export type DelegatedSession = { sessionKey: Address; sessionId: string };

export function verifyDelegation(db: DbOrTrx, delegation: Delegation, wallet: Address, now: number): Promise<DelegatedSession> {
  return verifyRegisteredSession(db, delegation, wallet, now);
}
