import { createPublicClient, createWalletClient, getAddress, http, parseEther, type Address, type Hex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { roleRegistryAbi } from "../../lib/chain/abi";
import { capsuleChain } from "../../lib/chain/chain";
import { contractsSummary } from "../../lib/endpoints/meta/contracts-summary";
import { outletCreate } from "../../lib/endpoints/outlets/create";
import { outletVerify } from "../../lib/endpoints/outlets/verify";
import { bridgeClient } from "../../test/support/bridge-client";
import { publishTxt } from "./dns-server";

// What the jury specs do on the shared e2e stack besides the pages: new wallets funded by anvil, bonds,
// active outlets, chain time moved on, transactions sent and checked.

export type Wallet = { key: Hex; address: Address };

function env(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set (e2e/global-setup.ts sets it)`);
  return value;
}

/** A new wallet (no history on the shared stack: what other specs did cannot change what it sees). */
export function freshWallet(): Wallet {
  const key = generatePrivateKey();
  return { key, address: privateKeyToAccount(key).address };
}

export function juryChain() {
  const api = bridgeClient(env("CAPSULE_E2E_BASE_URL"));
  const nodeRpcUrl = env("CAPSULE_E2E_NODE_RPC_URL");
  const chain = capsuleChain(nodeRpcUrl);
  const publicClient = createPublicClient({ chain, transport: http(nodeRpcUrl) });
  const walletClient = (wallet: Wallet) => createWalletClient({ chain, transport: http(nodeRpcUrl), account: privateKeyToAccount(wallet.key) });

  async function nodeRpc(method: string, params: unknown[]): Promise<unknown> {
    const res = await fetch(nodeRpcUrl, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }) });
    const body = (await res.json()) as { result?: unknown; error?: unknown };
    if (body.error) throw new Error(`${method}: ${JSON.stringify(body.error)}`);
    return body.result;
  }

  async function contract(name: "roleRegistry" | "capsuleAcceptance" | "juryCourt"): Promise<Address> {
    const address = (await api.call(contractsSummary, {})).contracts[name]?.address;
    if (!address) throw new Error(`no ${name} contract`);
    return getAddress(address);
  }

  /** Sends the wallet's transaction and waits until it is mined; answers its hash, throws when it reverted. */
  async function send(wallet: Wallet, write: (client: ReturnType<typeof walletClient>) => Promise<Hex>): Promise<Hex> {
    const receipt = await publicClient.waitForTransactionReceipt({ hash: await write(walletClient(wallet)), pollingInterval: 100 });
    if (receipt.status !== "success") throw new Error("transaction reverted");
    return receipt.transactionHash;
  }

  return {
    api,
    publicClient,
    chainId: chain.id,
    nodeRpc,
    contract,
    send,

    /**
     * Moves the chain's clock forward and mines blocks: the jurors' draw waits for blocks mined after the
     * opening's draw block (JuryCourt drawDelayBlocks = 3); a live chain mines them by itself, anvil only on demand.
     */
    async advanceChainTime(seconds: number) {
      await nodeRpc("evm_increaseTime", [seconds]);
      await nodeRpc("evm_mine", []);
      await nodeRpc("anvil_mine", ["0x4"]);
    },

    /** Gives the wallet `units` CAP to spend and deposits `bond` of it in RoleRegistry ("0": no bond). */
    async fund(wallet: Wallet, units: string, bond: string) {
      await nodeRpc("anvil_setBalance", [wallet.address, `0x${parseEther(units).toString(16)}`]);
      if (bond === "0") return;
      const registry = await contract("roleRegistry");
      await send(wallet, (client) => client.writeContract({ address: registry, abi: roleRegistryAbi, functionName: "deposit", value: parseEther(bond) }));
    },

    /** Registers an outlet owned by the wallet and verifies it through the loopback DNS server. */
    async activeOutlet(wallet: Wallet, slug: string) {
      const domain = `${slug}.example.net`;
      const created = await api.call(outletCreate, { body: { slug, name: `Outlet ${slug}`, domain } }, wallet.key);
      publishTxt(domain, [created.txtRecord.value]);
      const verified = await api.call(outletVerify, { body: { outletSlug: slug, method: "dns_txt" } }, wallet.key);
      if (!verified.verified) throw new Error(`outlet ${slug} did not verify`);
    },
  };
}
