"use client";

import { createContext, useContext } from "react";
import type { Address } from "viem";
import type { BrowserSession } from "@/lib/api/browser-session";

// The signed-in state pages use for writes: the connected wallet and, once it signed the
// Sign-In with Ethereum message, the session key that signs each action (components/wallet/session-provider.tsx).

export type SessionStatus = "disconnected" | "connecting" | "connected" | "signing-in" | "signed-in";

export type SessionValue = {
  wallet: Address | undefined;
  session: BrowserSession | undefined;
  status: SessionStatus;
  /**
   * Whether the wallet's reconnection and its stored session are known. Reads that a session can widen
   * (drafts) wait for it, so a reload does not ask once anonymously (a private draft's 404) and again signed.
   */
  settled: boolean;
  /** The connector's label, and whether it is the local development wallet. */
  walletName: string | undefined;
  isDevWallet: boolean;
  /** Connected to another chain than Capsule's. */
  wrongNetwork: boolean;
  /** The last sign-in/out failure in words. */
  error: string | undefined;
  signIn: () => Promise<void>;
  signOut: () => Promise<void>;
  clearError: () => void;
};

export const SessionContext = createContext<SessionValue | undefined>(undefined);

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error("useSession must be used inside <SessionProvider>");
  return value;
}
