import type { Page } from "@playwright/test";
import type { Address, Hex } from "viem";
import { devKeys } from "@/test/support/anvil";
import { createLocalKeyRequest, type Eip1193Args } from "@/lib/wallet/local-key-provider";

// An injected test wallet for Playwright: the page gets a `window.ethereum` EIP-1193 provider (also
// announced through EIP-6963, as browser extensions do) whose every request is answered here, in the
// test process: signatures with anvil dev key #keyIndex (viem), chain calls through the stack's
// public /rpc gateway. Call before page.goto; it stays installed across navigations of the page, and
// remembers (like an extension does per site) that the page was granted the account.

export const TEST_WALLET_NAME = "Capsule Test Wallet";

type Answer = { result: unknown } | { error: { code: number; message: string; data?: unknown } };

export type TestWallet = {
  address: Address;
  /** Every request the page sent, in order (method names), for assertions. */
  requests: string[];
  /** The next request with this method is refused as a user would (EIP-1193 code 4001). */
  rejectNext: (method: string) => void;
  /**
   * The next request with this method waits, as a wallet's confirmation prompt does, until `release()` is called
   * (then it is answered as usual): what the page shows while the user has yet to confirm can be looked at.
   */
  holdNext: (method: string) => { release: () => void };
};

/** keyIndex: an anvil dev key's number, or a private key of its own (a fresh wallet a spec funded). */
export async function installTestWallet(page: Page, keyIndex: number | Hex, options: { rpcUrl?: string } = {}): Promise<TestWallet> {
  const privateKey = typeof keyIndex === "string" ? keyIndex : (devKeys[keyIndex] as Hex | undefined);
  if (!privateKey) throw new Error(`no anvil dev key #${keyIndex} (0..${devKeys.length - 1})`);
  const baseUrl = process.env.CAPSULE_E2E_BASE_URL;
  const rpcUrl = options.rpcUrl ?? (baseUrl ? `${baseUrl}/rpc` : undefined);
  if (!rpcUrl) throw new Error("CAPSULE_E2E_BASE_URL is not set (e2e/global-setup.ts sets it)");
  const { address, request } = createLocalKeyRequest({ privateKey, rpcUrl });
  const requests: string[] = [];
  const rejections = new Set<string>();
  const holds = new Map<string, Promise<void>>();
  let authorized = false;

  await page.exposeFunction("__capsuleTestWalletRequest", async (args: Eip1193Args): Promise<Answer> => {
    requests.push(args.method);
    if (rejections.delete(args.method)) return { error: { code: 4001, message: "User rejected the request." } };
    const held = holds.get(args.method);
    if (held) {
      holds.delete(args.method);
      await held;
    }
    // like a browser wallet, the page sees no account until it asked for one (and not after revoking)
    if (args.method === "eth_accounts" && !authorized) return { result: [] };
    if (args.method === "eth_requestAccounts" || args.method === "wallet_requestPermissions") authorized = true;
    if (args.method === "wallet_revokePermissions") authorized = false;
    try {
      return { result: (await request(args)) ?? null };
    } catch (error) {
      const e = error as { code?: unknown; message?: unknown; data?: unknown };
      return { error: { code: typeof e.code === "number" ? e.code : -32603, message: String(e.message ?? error), data: e.data } };
    }
  });

  await page.addInitScript(
    ({ walletName }) => {
      type Listener = (...args: unknown[]) => void;
      const listeners = new Map<string, Set<Listener>>();
      const bridge = (window as unknown as { __capsuleTestWalletRequest: (args: unknown) => Promise<Answer> }).__capsuleTestWalletRequest;
      const provider = {
        isCapsuleTestWallet: true,
        async request(args: { method: string; params?: unknown }) {
          const answer = await bridge({ method: args.method, params: args.params ?? [] });
          if ("error" in answer) {
            throw Object.assign(new Error(answer.error.message), { code: answer.error.code, data: answer.error.data });
          }
          return answer.result;
        },
        on(event: string, listener: Listener) {
          if (!listeners.has(event)) listeners.set(event, new Set());
          listeners.get(event)!.add(listener);
          return provider;
        },
        removeListener(event: string, listener: Listener) {
          listeners.get(event)?.delete(listener);
          return provider;
        },
      };
      Object.defineProperty(window, "ethereum", { value: provider, configurable: true, writable: true });
      const info = {
        uuid: "6c1d7a9e-3f51-4c1b-9d7e-0c5e2b8a4f10",
        name: walletName,
        rdns: "org.capsule.test-wallet",
        icon: "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'%3E%3Crect width='16' height='16' rx='3' fill='%2314161a'/%3E%3C/svg%3E",
      };
      const announce = () =>
        window.dispatchEvent(new CustomEvent("eip6963:announceProvider", { detail: Object.freeze({ info, provider }) }));
      window.addEventListener("eip6963:requestProvider", announce);
      announce();
    },
    { walletName: TEST_WALLET_NAME },
  );

  const holdNext = (method: string) => {
    let release = () => {};
    holds.set(method, new Promise<void>((resolve) => (release = resolve)));
    return { release: () => release() };
  };
  return { address, requests, rejectNext: (method) => void rejections.add(method), holdNext };
}
