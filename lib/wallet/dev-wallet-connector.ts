import { createConnector } from "wagmi";
import { getAddress, numberToHex, SwitchChainError, type Hex } from "viem";
import { createLocalKeyRequest, eip1193Provider, type Eip1193Provider } from "./local-key-provider";

// Local development only (see dev-wallets.ts): a wagmi connector around a local-key EIP-1193
// provider. Never constructed in production builds.

export const DEV_WALLET_TYPE = "devWallet";

export function devWalletConnector(options: { index: number; privateKey: Hex; rpcUrl: string }) {
  const { address, request } = createLocalKeyRequest({ privateKey: options.privateKey, rpcUrl: options.rpcUrl });
  const provider = eip1193Provider(request);
  const id = `dev-wallet-${options.index}`;
  const storageKey = `${id}.connected`;

  return createConnector<Eip1193Provider>((config) => ({
    id,
    name: `Dev wallet (anvil account #${options.index})`,
    type: DEV_WALLET_TYPE,
    async connect({ withCapabilities } = {}) {
      await config.storage?.setItem(storageKey, true);
      const chainId = config.chains[0].id;
      const accounts = withCapabilities ? [{ address, capabilities: {} }] : [address];
      return { accounts: accounts as never, chainId };
    },
    async disconnect() {
      await config.storage?.removeItem(storageKey);
    },
    async getAccounts() {
      return [address];
    },
    async getChainId() {
      return config.chains[0].id;
    },
    async getProvider() {
      return provider;
    },
    async isAuthorized() {
      return Boolean(await config.storage?.getItem(storageKey));
    },
    async switchChain({ chainId }) {
      const chain = config.chains.find((c) => c.id === chainId);
      if (!chain) throw new SwitchChainError(new Error(`chain ${numberToHex(chainId)} is not configured`));
      return chain;
    },
    onAccountsChanged(accounts) {
      if (accounts.length === 0) this.onDisconnect();
      else config.emitter.emit("change", { accounts: accounts.map((a) => getAddress(a)) });
    },
    onChainChanged(chain) {
      config.emitter.emit("change", { chainId: Number(chain) });
    },
    onDisconnect() {
      config.emitter.emit("disconnect");
    },
  }));
}
