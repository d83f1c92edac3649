import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPublicClient, http, parseEther, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import type { AnvilHandle } from "@/lib/chain/anvil-process";
import { CAPSULE_CHAIN_ID, capsuleChain, capsuleGatewayChain } from "@/lib/chain/chain";
import { devKeys, startTestAnvil } from "@/test/support/anvil";
import { startGatewayServer, type GatewayServer } from "./harness";

// A page waits for its wallet's transaction through the /rpc gateway. When a block arrives before the receipt (a
// busy node, or a block another transaction made), viem's replacement detection reads that block with
// eth_getBlockByNumber, which the gateway does not offer: the wait failed although the transaction was mined. The
// chain the browser uses turns that detection off, so the wait polls the receipt until it is there.

let anvil: AnvilHandle;
let gateway: GatewayServer;
let nonce = 0;

const node = async (method: string, params: unknown[] = []) => {
  const res = await fetch(anvil.rpcUrl, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }) });
  const body = (await res.json()) as { result?: unknown; error?: unknown };
  if (body.error) throw new Error(`${method}: ${JSON.stringify(body.error)}`);
  return body.result;
};

/** A transfer left pending in the node's pool (automine is off), sent as a page's wallet would. */
async function pendingTransfer(): Promise<Hex> {
  const raw = await privateKeyToAccount(devKeys[3] as Hex).signTransaction({
    chainId: CAPSULE_CHAIN_ID,
    type: "eip1559",
    to: privateKeyToAccount(devKeys[4] as Hex).address,
    value: parseEther("1"),
    nonce: nonce++,
    gas: 21_000n,
    maxFeePerGas: 10_000_000_000n,
    maxPriorityFeePerGas: 1_000_000_000n,
  });
  return (await node("eth_sendRawTransaction", [raw])) as Hex;
}

beforeAll(async () => {
  anvil = await startTestAnvil();
  gateway = await startGatewayServer({ upstream: { main: anvil.rpcUrl }, nodeWsUrl: anvil.wsUrl, limits: { perIpPerMinute: 100_000, sendRawPerIpPerMinute: 100_000, serviceRpcPerIpPerMinute: 100_000 } });
  await node("evm_setAutomine", [false]);
});

afterAll(async () => {
  await gateway?.close();
  await anvil?.stop();
});

describe("waiting for a receipt through the /rpc gateway", () => {
  it("the browser's chain waits while the transaction is pending and answers the receipt once it is mined", async () => {
    const rpcUrl = `${gateway.url}/rpc`;
    const client = createPublicClient({ chain: capsuleGatewayChain(rpcUrl), transport: http(rpcUrl) });
    const hash = await pendingTransfer();
    let settled: "pending" | "resolved" | "rejected" = "pending";
    const waiting = client.waitForTransactionReceipt({ hash, pollingInterval: 50 }).then(
      (receipt) => ((settled = "resolved"), receipt),
      (error: unknown) => ((settled = "rejected"), Promise.reject(error)),
    );
    // let the wait poll a few times while the transaction is still in the pool
    for (let polls = 0; polls < 20 && settled === "pending"; polls++) await new Promise((r) => setTimeout(r, 50));
    expect(settled).toBe("pending");
    await node("evm_mine");
    const receipt = await waiting;
    expect(receipt).toMatchObject({ transactionHash: hash, status: "success" });
  });

  it("with viem's replacement detection (the plain chain), the same wait fails on the method the gateway does not offer", async () => {
    const rpcUrl = `${gateway.url}/rpc`;
    const client = createPublicClient({ chain: capsuleChain(rpcUrl), transport: http(rpcUrl) });
    const hash = await pendingTransfer();
    await expect(client.waitForTransactionReceipt({ hash, pollingInterval: 50, retryCount: 0 })).rejects.toThrow(/eth_getBlockByNumber/);
    await node("evm_mine");
  });
});
