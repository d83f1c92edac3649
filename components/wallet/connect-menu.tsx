"use client";

import { useEffect, useRef, useState } from "react";
import { useConnect, useConnectors, type Connector } from "wagmi";
import { DEV_WALLET_TYPE } from "@/lib/wallet/dev-wallet-connector";
import { describeWalletError } from "@/lib/wallet/wallet-error";

// Which connectors to offer: wallets that announced themselves (EIP-6963), the generic injected
// one only when window.ethereum exists and nothing announced, and the dev wallets in development.
function usableConnectors(connectors: readonly Connector[], hasWindowEthereum: boolean) {
  const announced = connectors.filter((c) => c.type === "injected" && c.id !== "injected");
  const generic = connectors.filter((c) => c.id === "injected" && hasWindowEthereum && announced.length === 0);
  const dev = connectors.filter((c) => c.type === DEV_WALLET_TYPE);
  return { browser: [...announced, ...generic], dev };
}

const buttonClass =
  "rounded-md bg-ink px-3 py-1.5 text-sm font-medium text-white hover:bg-stone-700 disabled:cursor-wait disabled:opacity-70";

export function ConnectMenu({ onError, onConnected }: { onError: (message: string | undefined) => void; onConnected?: () => void }) {
  const connectors = useConnectors();
  const { mutateAsync: connect, isPending } = useConnect();
  const [open, setOpen] = useState(false);
  const [hasWindowEthereum, setHasWindowEthereum] = useState(false);
  const panel = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);

  useEffect(() => setHasWindowEthereum(typeof window !== "undefined" && "ethereum" in window && Boolean(window.ethereum)), []);
  useEffect(() => {
    if (!open) return;
    const close = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      toggle.current?.focus();
    };
    window.addEventListener("keydown", close);
    panel.current?.querySelector("button")?.focus();
    return () => window.removeEventListener("keydown", close);
  }, [open]);

  const { browser, dev } = usableConnectors(connectors, hasWindowEthereum);
  const choose = async (connector: Connector) => {
    onError(undefined);
    try {
      onConnected?.();
      await connect({ connector });
      setOpen(false);
    } catch (error) {
      onError(describeWalletError(error, "connect your wallet"));
    }
  };

  return (
    <div className="relative">
      <button ref={toggle} type="button" className={buttonClass} aria-expanded={open} aria-controls="connect-menu" onClick={() => setOpen(!open)} disabled={isPending}>
        {isPending ? "Connecting…" : "Connect wallet"}
      </button>
      {open ? (
        // below 640 px the wallet sits at the left of its own row (site-header.tsx), above it at the right
        <div
          id="connect-menu"
          ref={panel}
          className="absolute left-0 z-20 mt-2 w-72 max-w-[calc(100vw-2rem)] rounded-lg sm:left-auto sm:right-0 border border-stone-200 bg-white p-3 shadow-lg"
        >
          <p className="mb-2 text-xs font-semibold uppercase tracking-wide text-stone-500">Choose a wallet</p>
          {browser.length === 0 ? (
            <p className="mb-2 rounded bg-stone-50 p-2 text-sm text-stone-700" data-testid="no-wallet">
              No browser wallet was found. Install a wallet extension such as MetaMask or Rabby, add the Capsule network
              (chain id 77117002, RPC <span className="font-mono">{typeof window === "undefined" ? "/rpc" : `${window.location.origin}/rpc`}</span>),
              then reload this page.
            </p>
          ) : null}
          <ul className="space-y-1">
            {[...browser, ...dev].map((connector) => (
              <li key={connector.uid}>
                <button
                  type="button"
                  onClick={() => void choose(connector)}
                  className="flex w-full items-center justify-between gap-2 rounded px-2 py-2 text-left text-sm text-ink hover:bg-stone-100"
                >
                  <span>{connector.name}</span>
                  {connector.type === DEV_WALLET_TYPE ? (
                    <span className="rounded bg-amber-100 px-1.5 py-0.5 text-[11px] font-semibold uppercase text-amber-900">dev</span>
                  ) : null}
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
