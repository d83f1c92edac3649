"use client";

import { useCallback, useEffect, useMemo, useState, type ReactNode } from "react";
import type { Address } from "viem";
import { useConnection, useDisconnect, useSignMessage } from "wagmi";
import { endSession, loadSession, SESSION_ENDED_EVENT, SESSION_STORAGE_KEY, startSession, type BrowserSession } from "@/lib/api/browser-session";
import { CAPSULE_CHAIN_ID } from "@/lib/chain/chain";
import { DEV_WALLET_TYPE } from "@/lib/wallet/dev-wallet-connector";
import { describeWalletError } from "@/lib/wallet/wallet-error";
import { SessionContext, type SessionStatus, type SessionValue } from "@/components/wallet/use-session";

export function SessionProvider({ children }: { children: ReactNode }) {
  const connection = useConnection();
  const { mutateAsync: signMessage } = useSignMessage();
  const { mutateAsync: disconnect } = useDisconnect();
  const [session, setSession] = useState<BrowserSession | undefined>();
  // the wallet whose stored session has been looked up; null before the first look
  const [loadedFor, setLoadedFor] = useState<Address | undefined | null>(null);
  const [signing, setSigning] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const wallet = connection.address;

  // One session per browser: it survives reloads and is shared by every tab; it belongs to one wallet only.
  useEffect(() => {
    setSession(wallet ? loadSession(wallet) : undefined);
    setLoadedFor(wallet);
  }, [wallet]);

  // Another tab signed in or out: take its session (or its sign-out) without a prompt.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.storageArea !== window.localStorage) return;
      if (event.key !== SESSION_STORAGE_KEY && event.key !== null) return;
      setSession(wallet ? loadSession(wallet) : undefined);
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, [wallet]);

  // The bridge answered that this session is no more (expired, or signed out from elsewhere): the page is signed out,
  // the wallet stays connected, and the header says why and offers "Sign in" (what was typed on the page stays).
  useEffect(() => {
    const onEnded = () => {
      setSession(wallet ? loadSession(wallet) : undefined);
      setError("Your sign-in ended (it expired, or was signed out elsewhere). Sign in again; nothing on this page is lost.");
    };
    window.addEventListener(SESSION_ENDED_EVENT, onEnded);
    return () => window.removeEventListener(SESSION_ENDED_EVENT, onEnded);
  }, [wallet]);

  const signIn = useCallback(async () => {
    if (!wallet) return;
    setError(undefined);
    setSigning(true);
    try {
      setSession(await startSession({ wallet, signMessage: (message) => signMessage({ message, account: wallet }) }));
    } catch (cause) {
      setError(describeWalletError(cause, "sign you in"));
    } finally {
      setSigning(false);
    }
  }, [wallet, signMessage]);

  const signOut = useCallback(async () => {
    setError(undefined);
    const current = session;
    setSession(undefined);
    await endSession(current);
    await disconnect().catch(() => undefined);
  }, [session, disconnect]);

  const status: SessionStatus = !wallet
    ? connection.status === "connecting" || connection.status === "reconnecting"
      ? "connecting"
      : "disconnected"
    : signing
      ? "signing-in"
      : session
        ? "signed-in"
        : "connected";
  const settled = status !== "connecting" && loadedFor === wallet;

  const value = useMemo<SessionValue>(
    () => ({
      wallet,
      session,
      status,
      settled,
      walletName: connection.connector?.name,
      isDevWallet: connection.connector?.type === DEV_WALLET_TYPE,
      wrongNetwork: Boolean(wallet && connection.chainId !== undefined && connection.chainId !== CAPSULE_CHAIN_ID),
      error,
      signIn,
      signOut,
      clearError: () => setError(undefined),
    }),
    [wallet, session, status, settled, connection.connector, connection.chainId, error, signIn, signOut],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
