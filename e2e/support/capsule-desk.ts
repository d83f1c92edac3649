import { createPublicClient, createWalletClient, http, parseEther, type Address, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { capsuleAcceptanceAbi, roleRegistryAbi } from "../../lib/chain/abi";
import { capsuleChain } from "../../lib/chain/chain";
import { signBallot } from "../../lib/chain/vouchers";
import { devKeys } from "../../test/support/anvil";
import { bridgeClient } from "../../test/support/bridge-client";
import { publishTxt } from "./dns-server";

// Setup for the capsule e2e test that is not what the test is about: an active outlet (created and
// DNS-verified through the bridge), bonds deposited on chain, roles granted — and the chain-side
// tools a test needs (time travel through the internal node, relayed ballots).

type Json = Record<string, unknown>;
type Contracts = Record<"roleRegistry" | "capsuleAcceptance", { address: Address }>;

function env(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set (e2e/global-setup.ts sets it)`);
  return value;
}

export const keyAddress = (keyIndex: number): Address => privateKeyToAccount(devKeys[keyIndex] as Hex).address;

export function capsuleDesk() {
  const baseUrl = env("CAPSULE_E2E_BASE_URL");
  const nodeRpcUrl = env("CAPSULE_E2E_NODE_RPC_URL");
  const api = bridgeClient(baseUrl);
  const chain = capsuleChain(nodeRpcUrl);
  const publicClient = createPublicClient({ chain, transport: http(nodeRpcUrl) });
  let contracts: Contracts | undefined;

  const post = async (path: string, action: string, keyIndex: number, payload: Json, expected: number[] = [200, 201]) => {
    const res = await api.post<Json>(path, action, devKeys[keyIndex] as Hex, payload);
    if (!expected.includes(res.status)) throw new Error(`${action} answered ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const getContracts = async () => (contracts ??= (await api.get<{ contracts: Contracts }>("/api/meta/contracts-summary")).body.contracts);
  const nodeRpc = async (method: string, params: unknown[]) => {
    const res = await fetch(nodeRpcUrl, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }) });
    const body = (await res.json()) as { result?: unknown; error?: unknown };
    if (body.error) throw new Error(`${method}: ${JSON.stringify(body.error)}`);
    return body.result;
  };

  return {
    api,
    post,
    /** Deposits `units` into RoleRegistry from the wallet of dev key #keyIndex. */
    async deposit(keyIndex: number, units: string) {
      const { roleRegistry } = await getContracts();
      const wallet = createWalletClient({ chain, transport: http(nodeRpcUrl), account: privateKeyToAccount(devKeys[keyIndex] as Hex) });
      const hash = await wallet.writeContract({ address: roleRegistry.address, abi: roleRegistryAbi, functionName: "deposit", value: parseEther(units) });
      const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 100 });
      if (receipt.status !== "success") throw new Error(`deposit by key #${keyIndex} reverted`);
    },
    /** Creates the outlet, publishes its TXT record on the e2e DNS server and verifies it: active. */
    async activeOutlet(ownerKey: number, slug: string, name: string) {
      const domain = `${slug}.example.net`;
      const created = (await post("/api/outlets/create", "outlets.create", ownerKey, { slug, name, domain })) as { txtRecord: { value: string } };
      publishTxt(domain, [created.txtRecord.value]);
      const verified = (await post("/api/outlets/verify", "outlets.verify", ownerKey, { outletSlug: slug, method: "dns_txt" })) as { verified: boolean };
      if (!verified.verified) throw new Error(`outlet ${slug} did not verify: ${JSON.stringify(verified)}`);
    },
    grantRole: (byKey: number, outletSlug: string, keyIndex: number, roleId: number) =>
      post("/api/roles/grant", "roles.grant", byKey, { outletSlug, wallet: keyAddress(keyIndex), roleId }),
    /** A relayed vote through the bridge, as the vote panel sends it (for capsules the test does not vote on in the browser). */
    async vote(keyIndex: number, capsuleId: string, support: boolean) {
      const { capsuleAcceptance } = await getContracts();
      const account = privateKeyToAccount(devKeys[keyIndex] as Hex);
      const nonce = await publicClient.readContract({ address: capsuleAcceptance.address, abi: capsuleAcceptanceAbi, functionName: "nonces", args: [account.address] });
      const block = await publicClient.getBlock({ blockTag: "latest" });
      const deadline = block.timestamp + 600n;
      const signature = await signBallot(account, capsuleAcceptance.address, chain.id, { capsuleId: BigInt(capsuleId), support, voter: account.address, nonce, deadline });
      return post(`/api/capsules/${capsuleId}/vote`, "capsules.vote", keyIndex, { support, deadline: deadline.toString(), signature });
    },
    /** Moves the chain's clock forward and mines a block (anvil's evm_increaseTime + evm_mine). */
    async advanceChainTime(seconds: number) {
      await nodeRpc("evm_increaseTime", [seconds]);
      await nodeRpc("evm_mine", []);
    },
  };
}
