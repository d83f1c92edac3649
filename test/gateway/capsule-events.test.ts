import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createPublicClient,
  createWalletClient,
  decodeEventLog,
  defineChain,
  encodeFunctionData,
  http,
  pad,
  parseEther,
  toHex,
  webSocket,
  type Address,
  type Hex,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import type { AnvilHandle } from "@/lib/chain/anvil-process";
import { articleRegistryAbi, capsuleAcceptanceAbi, roleRegistryAbi } from "@/lib/chain/abi";
import { compileContracts } from "@/lib/chain/compile-contracts";
import { deployCapsuleContracts } from "@/lib/chain/deploy";
import type { DeploymentRecord } from "@/lib/chain/deployment-record";
import { publicEventTopics } from "@/lib/chain/event-signatures";
import { outletKey, signSubmitVoucher } from "@/lib/chain/vouchers";
import { devKeys, startTestAnvil } from "@/test/support/anvil";
import { sharedContractsCache } from "@/test/support/contracts-build-cache";
import { post, req, startGatewayServer, WsClient, type GatewayServer } from "./harness";

// The last gateway test: a client follows CapsuleSubmitted, VoteCast and CapsuleAccepted over /ws
// while every transaction goes through /rpc as eth_sendRawTransaction.
const topic = (name: string) => publicEventTopics.find((e) => e.name === name)!.topic;
const operator = privateKeyToAccount(devKeys[0]);
const journalist = privateKeyToAccount(devKeys[1]);
// devKeys[2] in test/support/anvil.ts does not derive to anvil's funded account #2 (typo there), so the voter is #4.
const VOTER_KEY = devKeys[4];
const voter = privateKeyToAccount(VOTER_KEY);
const OUTLET = "daily-ledger";
const CAPSULE_ID = 42n;

let anvil: AnvilHandle;
let gateway: GatewayServer;
let record: DeploymentRecord;
let registry: Address;
let acceptance: Address;
let rpcUrl: string;

/** Signs a contract call with a dev key and sends it through the gateway; returns the mined receipt. */
async function sendThroughGateway(key: Hex, to: Address, data: Hex, value = 0n): Promise<{ hash: Hex; receipt: any }> {
  const account = privateKeyToAccount(key);
  const [nonce, gas, gasPrice] = await Promise.all([
    post(rpcUrl, req("eth_getTransactionCount", [account.address, "pending"])),
    post(rpcUrl, req("eth_estimateGas", [{ from: account.address, to, data, value: toHex(value) }])),
    post(rpcUrl, req("eth_gasPrice", [])),
  ]);
  for (const answer of [nonce, gas, gasPrice]) expect(answer.body.error, JSON.stringify(answer.body)).toBeUndefined();
  const price = BigInt(gasPrice.body.result);
  const raw = await account.signTransaction({
    chainId: record.chainId,
    type: "eip1559",
    to,
    data,
    value,
    nonce: Number(BigInt(nonce.body.result)),
    gas: (BigInt(gas.body.result) * 12n) / 10n,
    maxFeePerGas: price * 2n,
    maxPriorityFeePerGas: price < 1_000_000_000n ? price : 1_000_000_000n,
  });
  const sent = await post(rpcUrl, req("eth_sendRawTransaction", [raw]));
  expect(sent.body.error, JSON.stringify(sent.body)).toBeUndefined();
  const hash = sent.body.result as Hex;
  // Mining is asynchronous to the send on a busy node: ask until the receipt is there.
  let receipt = await post(rpcUrl, req("eth_getTransactionReceipt", [hash]));
  for (let attempt = 0; receipt.body.result === null && attempt < 100; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    receipt = await post(rpcUrl, req("eth_getTransactionReceipt", [hash]));
  }
  expect(receipt.body.result?.status, JSON.stringify(receipt.body)).toBe("0x1");
  return { hash, receipt: receipt.body.result };
}

beforeAll(async () => {
  anvil = await startTestAnvil();
  const compiled = compileContracts({ cacheFile: sharedContractsCache });
  record = await deployCapsuleContracts({
    rpcUrl: anvil.rpcUrl,
    operatorKey: devKeys[0],
    artifacts: compiled.artifacts,
    sourceHash: compiled.sourceHash,
  });
  registry = record.contracts.articleRegistry.address as Address;
  acceptance = record.contracts.capsuleAcceptance.address as Address;
  gateway = await startGatewayServer({ upstream: { main: anvil.rpcUrl }, nodeWsUrl: anvil.wsUrl });
  rpcUrl = `${gateway.url}/rpc`;

  // Operator setup straight on the node (the operator's own wallet, not a gateway client).
  const chain = defineChain({
    id: record.chainId,
    name: "test",
    nativeCurrency: { name: "Capsule", symbol: "CAP", decimals: 18 },
    rpcUrls: { default: { http: [anvil.rpcUrl] } },
  });
  const node = createPublicClient({ chain, transport: http(anvil.rpcUrl) });
  const operatorWallet = createWalletClient({ chain, transport: http(anvil.rpcUrl), account: operator });
  await node.waitForTransactionReceipt({
    hash: await operatorWallet.writeContract({
      address: record.contracts.roleRegistry.address as Address,
      abi: roleRegistryAbi,
      functionName: "setVoter",
      args: [outletKey(OUTLET), voter.address, true],
    }),
  });
});

afterAll(async () => {
  await gateway?.close();
  await anvil?.stop();
});

describe("subscribing to capsule events through /ws", () => {
  it("delivers CapsuleSubmitted, VoteCast and CapsuleAccepted for transactions sent through /rpc", async () => {
    // The voter bonds 10 CAP through the gateway (weight of the vote).
    await sendThroughGateway(VOTER_KEY, record.contracts.roleRegistry.address as Address, encodeFunctionData({ abi: roleRegistryAbi, functionName: "deposit" }), parseEther("10"));

    const client = await WsClient.open(gateway.wsUrl);
    const viemClient = createPublicClient({ transport: webSocket(gateway.wsUrl) });
    const viemVotes: any[] = [];
    const unwatch = viemClient.watchContractEvent({ address: acceptance, abi: capsuleAcceptanceAbi, eventName: "VoteCast", onLogs: (logs) => viemVotes.push(...logs) });
    try {
      const subs = {
        submitted: (await client.call(req("eth_subscribe", ["logs", { address: registry, topics: [topic("CapsuleSubmitted")] }]))).result,
        accepted: (await client.call(req("eth_subscribe", ["logs", { address: registry, topics: [topic("CapsuleAccepted")] }]))).result,
        votes: (await client.call(req("eth_subscribe", ["logs", { address: acceptance, topics: [topic("VoteCast"), pad(toHex(CAPSULE_ID))] }]))).result,
      };
      for (const id of Object.values(subs)) expect(id).toMatch(/^0x[0-9a-f]+$/);

      // The journalist submits with a voucher signed by the bridge (operator) key, paying the 30 CAP fee.
      const block = await post(rpcUrl, req("eth_blockNumber"));
      expect(block.body.result).toMatch(/^0x/);
      const voucher = {
        capsuleId: CAPSULE_ID,
        outletSlug: OUTLET,
        submitter: journalist.address,
        contentHash: `0x${"cd".repeat(32)}` as Hex,
        parentCapsuleId: 0n,
        windowSeconds: 3600n,
        eligibleWeight: parseEther("100"),
        approvalPct: 60,
        quorumPct: 5,
        deadline: BigInt(Math.floor(Date.now() / 1000) + 3600),
        manifestHash: `0x${"ef".repeat(32)}` as Hex,
        evidenceRoot: `0x${"00".repeat(32)}` as Hex,
      };
      const signature = await signSubmitVoucher(operator, registry, record.chainId, voucher);
      const submitted = await sendThroughGateway(
        devKeys[1],
        registry,
        encodeFunctionData({ abi: articleRegistryAbi, functionName: "submitCapsule", args: [voucher, signature] }),
        parseEther("30"),
      );
      const submittedNote = await client.waitFor((m) => m.params?.subscription === subs.submitted, "CapsuleSubmitted");
      expect(submittedNote.params.result.transactionHash).toBe(submitted.hash);
      const submittedEvent = decodeEventLog({ abi: articleRegistryAbi, data: submittedNote.params.result.data, topics: submittedNote.params.result.topics });
      expect(submittedEvent).toMatchObject({ eventName: "CapsuleSubmitted", args: { capsuleId: CAPSULE_ID, outletSlug: OUTLET, submitter: journalist.address } });

      // The voter casts a vote as a raw signed transaction through /rpc.
      const vote = await sendThroughGateway(VOTER_KEY, acceptance, encodeFunctionData({ abi: capsuleAcceptanceAbi, functionName: "castVote", args: [CAPSULE_ID, true] }));
      const voteNote = await client.waitFor((m) => m.params?.subscription === subs.votes, "VoteCast");
      expect(voteNote.method).toBe("eth_subscription");
      const log = voteNote.params.result;
      expect(log.address).toBe(acceptance.toLowerCase());
      expect(log.transactionHash).toBe(vote.hash);
      expect(log.topics).toEqual([topic("VoteCast"), pad(toHex(CAPSULE_ID)), pad(voter.address.toLowerCase() as Hex)]);
      const voteEvent = decodeEventLog({ abi: capsuleAcceptanceAbi, data: log.data, topics: log.topics });
      expect(voteEvent).toEqual({ eventName: "VoteCast", args: { capsuleId: CAPSULE_ID, voter: voter.address, support: true, weight: parseEther("10") } });

      // viem's watchContractEvent over the same endpoint sees the same vote.
      const deadline = Date.now() + 20_000;
      while (viemVotes.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      expect(viemVotes).toHaveLength(1);
      expect(viemVotes[0]).toMatchObject({ transactionHash: vote.hash, args: { capsuleId: CAPSULE_ID, voter: voter.address, support: true, weight: parseEther("10") } });

      // Close the window (test-only clock move on the node itself), then anyone finalizes through /rpc.
      expect((await post(anvil.rpcUrl, req("evm_increaseTime", [3601]))).body.error).toBeUndefined();
      expect((await post(anvil.rpcUrl, req("evm_mine", []))).body.error).toBeUndefined();
      const finalized = await sendThroughGateway(devKeys[3], registry, encodeFunctionData({ abi: articleRegistryAbi, functionName: "finalizeCapsule", args: [CAPSULE_ID] }));
      const acceptedNote = await client.waitFor((m) => m.params?.subscription === subs.accepted, "CapsuleAccepted");
      expect(acceptedNote.params.result.transactionHash).toBe(finalized.hash);
      const acceptedEvent = decodeEventLog({ abi: articleRegistryAbi, data: acceptedNote.params.result.data, topics: acceptedNote.params.result.topics });
      expect(acceptedEvent).toMatchObject({ eventName: "CapsuleAccepted", args: { capsuleId: CAPSULE_ID, outletSlug: OUTLET } });

      // The same events are readable by polling eth_getLogs through /rpc.
      const logs = await post(rpcUrl, req("eth_getLogs", [{ fromBlock: "0x0", toBlock: "latest", address: acceptance, topics: [topic("VoteCast")] }]));
      expect(logs.body.result.map((l: { transactionHash: string }) => l.transactionHash)).toEqual([vote.hash]);
    } finally {
      unwatch();
      await viemClient.transport.getRpcClient().then((rpc) => rpc.close());
      await client.close();
    }
  });
});
