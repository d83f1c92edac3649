"use client";

import { useEffect, useRef, useState } from "react";
import { focusMainHeading } from "@/components/ui/main-focus";
import { useSwitchChain } from "wagmi";
import { useSession } from "@/components/wallet/use-session";
import { CAPSULE_CHAIN_ID } from "@/lib/chain/chain";
import { displayAddress, shortAddress } from "@/lib/wallet/short-address";
import { describeWalletError } from "@/lib/wallet/wallet-error";
import { ConnectMenu } from "./connect-menu";

const primary = "rounded-md bg-ink px-3 py-1.5 text-sm font-medium text-white hover:bg-stone-700 disabled:cursor-wait disabled:opacity-70";
const secondary = "rounded-md border border-stone-300 bg-white px-3 py-1.5 text-sm text-stone-800 hover:bg-stone-100";

// Header control: Connect wallet → Sign in (one wallet signature) → address + Sign out.
export function WalletControl() {
  const session = useSession();
  const { mutateAsync: switchChain } = useSwitchChain();
  const [connectError, setConnectError] = useState<string | undefined>();
  const error = connectError ?? session.error;
  // Focus follows the user's own steps (never a silent reconnect on page load): after choosing a
  // wallet it lands on "Sign in", after signing in on the page's main heading.
  const focusNext = useRef<"sign-in" | "main" | undefined>(undefined);
  const signInButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focusNext.current === "sign-in" && session.status === "connected") {
      focusNext.current = undefined;
      signInButton.current?.focus();
    } else if (focusNext.current === "main" && session.status === "signed-in") {
      focusNext.current = undefined;
      focusMainHeading();
    } else if (focusNext.current === "main" && session.status === "connected") {
      focusNext.current = undefined; // sign-in failed or was refused: stay on the button
      signInButton.current?.focus();
    }
  }, [session.status]);

  const onSwitch = async () => {
    setConnectError(undefined);
    try {
      await switchChain({ chainId: CAPSULE_CHAIN_ID });
    } catch (cause) {
      setConnectError(describeWalletError(cause, "switch networks"));
    }
  };

  return (
    <div className="flex flex-col items-end gap-1" data-testid="wallet-control">
      <div className="flex flex-wrap items-center justify-end gap-2">
        {session.isDevWallet ? (
          <span className="rounded bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900" title={`development wallet: ${session.walletName}`}>
            dev wallet
          </span>
        ) : null}
        {session.wallet ? (
          <span className="font-mono text-sm text-stone-700" title={displayAddress(session.wallet)} data-testid="wallet-address">
            {shortAddress(session.wallet)}
          </span>
        ) : null}
        {session.status === "disconnected" ? <ConnectMenu onError={setConnectError} onConnected={() => (focusNext.current = "sign-in")} /> : null}
        {session.status === "connecting" ? (
          <button type="button" className={primary} disabled>
            Connecting…
          </button>
        ) : null}
        {session.wrongNetwork ? (
          <button type="button" className={secondary} onClick={() => void onSwitch()}>
            Switch to Capsule network
          </button>
        ) : null}
        {session.status === "connected" ? (
          <button
            ref={signInButton}
            type="button"
            className={primary}
            onClick={() => {
              focusNext.current = "main";
              void session.signIn();
            }}
          >
            Sign in
          </button>
        ) : null}
        {session.status === "signing-in" ? (
          <button type="button" className={primary} disabled aria-live="polite">
            Confirm in your wallet…
          </button>
        ) : null}
        {session.status === "signed-in" || session.status === "connected" ? (
          <button type="button" className={secondary} onClick={() => void session.signOut()}>
            {session.status === "signed-in" ? "Sign out" : "Disconnect"}
          </button>
        ) : null}
      </div>
      {session.wrongNetwork ? (
        <p className="text-xs text-amber-800">Your wallet is on another network; Capsule runs on chain id 77117002.</p>
      ) : null}
      {error ? (
        <p role="alert" className="max-w-sm text-right text-xs text-red-800 [overflow-wrap:anywhere]">
          {error}
        </p>
      ) : null}
    </div>
  );
}
