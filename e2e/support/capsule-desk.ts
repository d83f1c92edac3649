import { createPublicClient, createWalletClient, getAddress, http, parseEther, type Address, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { capsuleAcceptanceAbi, roleRegistryAbi } from "@/lib/chain/abi";
import { capsuleChain } from "@/lib/chain/chain";
import { signBallot } from "@/lib/chain/vouchers";
import { devKeys } from "@/test/support/anvil";
import { bridgeClient } from "@/test/support/bridge-client";
import type { CallInput } from "@/lib/api/request";
import type { Endpoint, ResponseOf } from "@/lib/endpoints/define";
import { capsuleVote } from "@/features/voting/vote.endpoint";
import { contractsSummary } from "@/features/operator/contracts-summary.endpoint";
import { outletCreate } from "@/features/outlets/create.endpoint";
import { outletVerify } from "@/features/outlets/verify.endpoint";
import { grantAccepted } from "./grant-accepted";
import { publishTxt } from "./dns-server";
import { outletNameOfRun } from "./outlet-names";

// Setup for the capsule e2e test that is not what the test is about: an active outlet (created and
// DNS-verified through the bridge), bonds deposited on chain, roles granted — and the chain-side
// tools a test needs (time travel through the internal node, relayed ballots).


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
  let contracts: Record<string, { address: string }> | undefined;

  /** A typed call signed by dev key #keyIndex (the parsed answer, or the bridge's error as ApiError). */
  const call = <E extends Endpoint>(endpoint: E, input: CallInput<E>, keyIndex?: number): Promise<ResponseOf<E>> =>
    api.call(endpoint, input, keyIndex === undefined ? undefined : (devKeys[keyIndex] as Hex));
  const contractAddress = async (name: "roleRegistry" | "capsuleAcceptance"): Promise<Address> => {
    contracts ??= (await api.call(contractsSummary, {})).contracts;
    const address = contracts[name]?.address;
    if (!address) throw new Error(`the bridge lists no ${name} contract`);
    return getAddress(address);
  };
  const nodeRpc = async (method: string, params: unknown[]) => {
    const res = await fetch(nodeRpcUrl, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }) });
    const body = (await res.json()) as { result?: unknown; error?: unknown };
    if (body.error) throw new Error(`${method}: ${JSON.stringify(body.error)}`);
    return body.result;
  };

  return {
    api,
    call,
    /** Deposits `units` into RoleRegistry from the wallet of dev key #keyIndex. */
    async deposit(keyIndex: number, units: string) {
      const wallet = createWalletClient({ chain, transport: http(nodeRpcUrl), account: privateKeyToAccount(devKeys[keyIndex] as Hex) });
      const hash = await wallet.writeContract({ address: await contractAddress("roleRegistry"), abi: roleRegistryAbi, functionName: "deposit", value: parseEther(units) });
      const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 100 });
      if (receipt.status !== "success") throw new Error(`deposit by key #${keyIndex} reverted`);
    },
    /** Creates the outlet under `name` with this run's suffix (./outlet-names.ts), publishes its TXT record on the e2e DNS server and verifies it: active. The name it got. */
    async activeOutlet(ownerKey: number, slug: string, name: string): Promise<string> {
      const domain = `${slug}.example.net`;
      const created = await call(outletCreate, { body: { slug, name: outletNameOfRun(name), domain } }, ownerKey);
      publishTxt(domain, [created.txtRecord.value]);
      const verified = await call(outletVerify, { body: { outletSlug: slug, method: "dns_txt" } }, ownerKey);
      if (!verified.verified) throw new Error(`outlet ${slug} did not verify: ${JSON.stringify(verified)}`);
      return created.outlet.name;
    },
    /** The grant and, to another wallet, the grantee's accept (the role takes effect only then). */
    grantRole: (byKey: number, outletSlug: string, keyIndex: number, roleId: number) => grantAccepted(api, devKeys[byKey] as Hex, outletSlug, devKeys[keyIndex] as Hex, roleId),
    /** A relayed vote through the bridge, as the vote panel sends it (for capsules the test does not vote on in the browser). */
    async vote(keyIndex: number, capsuleId: string, support: boolean) {
      const capsuleAcceptance = await contractAddress("capsuleAcceptance");
      const account = privateKeyToAccount(devKeys[keyIndex] as Hex);
      const nonce = await publicClient.readContract({ address: capsuleAcceptance, abi: capsuleAcceptanceAbi, functionName: "nonces", args: [account.address] });
      const block = await publicClient.getBlock({ blockTag: "latest" });
      const deadline = block.timestamp + 600n;
      const signature = await signBallot(account, capsuleAcceptance, chain.id, { capsuleId: BigInt(capsuleId), support, voter: account.address, nonce, deadline });
      return call(capsuleVote, { params: { id: capsuleId }, body: { support, deadline: deadline.toString(), signature } }, keyIndex);
    },
    /** Moves the chain's clock forward and mines a block (anvil's evm_increaseTime + evm_mine). */
    async advanceChainTime(seconds: number) {
      await nodeRpc("evm_increaseTime", [seconds]);
      await nodeRpc("evm_mine", []);
    },
  };
}
