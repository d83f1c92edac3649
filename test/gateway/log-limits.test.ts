import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEther, toHex, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import type { AnvilHandle } from "@/lib/chain/anvil-process";
import { CAPSULE_CHAIN_ID } from "@/lib/chain/chain";
import { devKeys, startTestAnvil } from "@/test/support/anvil";
import { post, req, startGatewayServer, WsClient, type GatewayServer } from "./harness";

// What one request may cost through the public gateways: eth_getLogs covers at most maxLogBlocks
// blocks (tags count as the head), and the HTTP gateway passes on no node answer larger than
// maxResponseBytes. Both answer -32005 with the limit, and the rest of a batch is answered as usual.

const MAX_BLOCKS = 5;
let anvil: AnvilHandle;
let gateway: GatewayServer;
let tight: GatewayServer;
let txHash: Hex;
let head: bigint;

beforeAll(async () => {
  anvil = await startTestAnvil();
  const rates = { perIpPerMinute: 100_000, sendRawPerIpPerMinute: 100_000, serviceRpcPerIpPerMinute: 100_000 };
  gateway = await startGatewayServer({ upstream: { main: anvil.rpcUrl }, nodeWsUrl: anvil.wsUrl, limits: { ...rates, maxLogBlocks: MAX_BLOCKS } });
  tight = await startGatewayServer({ upstream: { main: anvil.rpcUrl }, nodeWsUrl: anvil.wsUrl, limits: { ...rates, maxResponseBytes: 300 } });
  const dev = privateKeyToAccount(devKeys[0]);
  const raw = await dev.signTransaction({
    chainId: CAPSULE_CHAIN_ID, type: "eip1559", to: privateKeyToAccount(devKeys[1]).address, value: parseEther("1"),
    nonce: 0, gas: 21_000n, maxFeePerGas: 10_000_000_000n, maxPriorityFeePerGas: 1_000_000_000n,
  });
  txHash = (await post(`${gateway.url}/rpc`, req("eth_sendRawTransaction", [raw]))).body.result;
  // twelve blocks in all, straight to the node (the gateway refuses anvil's own methods)
  await post(anvil.rpcUrl, req("anvil_mine", ["0xb"]));
  head = BigInt((await post(anvil.rpcUrl, req("eth_blockNumber", []))).body.result);
});

afterAll(async () => {
  await gateway?.close();
  await tight?.close();
  await anvil?.stop();
});

const logs = (filter: Record<string, unknown>) => req("eth_getLogs", [filter]);

describe("eth_getLogs covers at most maxLogBlocks blocks", () => {
  it("refuses a wider numeric range with -32005 and the limit, and answers one within it", async () => {
    const wide = await post(`${gateway.url}/rpc`, logs({ fromBlock: "0x0", toBlock: "0x5" }));
    expect(wide.status).toBe(200);
    expect(wide.body.error).toEqual({ code: -32005, message: `eth_getLogs covers 6 blocks; this gateway answers at most ${MAX_BLOCKS} blocks a request: split the range`, data: { maxBlocks: MAX_BLOCKS } });
    const within = await post(`${gateway.url}/rpc`, logs({ fromBlock: "0x0", toBlock: "0x4" }));
    expect(within.body.error).toBeUndefined();
    expect(Array.isArray(within.body.result)).toBe(true);
  });

  it("measures tags against the node's head", async () => {
    expect(head).toBeGreaterThanOrEqual(12n);
    const fromEarliest = await post(`${gateway.url}/rpc`, logs({ fromBlock: "earliest" }));
    expect(fromEarliest.body.error?.code).toBe(-32005);
    expect(fromEarliest.body.error?.message).toContain(`covers ${head + 1n} blocks`);
    const recent = await post(`${gateway.url}/rpc`, logs({ fromBlock: toHex(head - 4n), toBlock: "latest" }));
    expect(recent.body.error).toBeUndefined();
    const olderToLatest = await post(`${gateway.url}/rpc`, logs({ fromBlock: toHex(head - 5n), toBlock: "latest" }));
    expect(olderToLatest.body.error?.code).toBe(-32005);
    for (const filter of [{}, { fromBlock: "latest", toBlock: "pending" }, { blockHash: `0x${"ab".repeat(32)}` }]) {
      const answer = await post(`${gateway.url}/rpc`, logs(filter));
      expect(answer.body.error?.code, JSON.stringify(filter)).not.toBe(-32005);
    }
  });

  it("answers the rest of a batch as usual", async () => {
    const batch = await post(`${gateway.url}/rpc`, [logs({ fromBlock: "0x0", toBlock: "latest" }), req("eth_blockNumber", [])]);
    expect(batch.body).toHaveLength(2);
    expect(batch.body[0].error.code).toBe(-32005);
    expect(BigInt(batch.body[1].result)).toBeGreaterThanOrEqual(head);
  });

  it("applies over /ws too", async () => {
    const client = await WsClient.open(gateway.wsUrl);
    try {
      const wide = await client.call(logs({ fromBlock: "earliest", toBlock: "latest" }));
      expect(wide.error).toMatchObject({ code: -32005, data: { maxBlocks: MAX_BLOCKS } });
      const within = await client.call(logs({ fromBlock: toHex(head - 1n) }));
      expect(Array.isArray(within.result)).toBe(true);
    } finally {
      await client.close();
    }
  });
});

describe("the HTTP gateway passes on no node answer larger than maxResponseBytes", () => {
  it("answers -32005 for a receipt over the limit and passes a small answer on", async () => {
    const big = await post(`${tight.url}/rpc`, req("eth_getTransactionReceipt", [txHash]));
    expect(big.status).toBe(200);
    expect(big.body.error).toMatchObject({ code: -32005, data: { maxBytes: 300 } });
    expect(big.body.error.message).toContain("larger than 300 bytes");
    const direct = await post(anvil.rpcUrl, req("eth_getTransactionReceipt", [txHash]));
    expect(JSON.stringify(direct.body).length).toBeGreaterThan(300);
    const small = await post(`${tight.url}/rpc`, req("eth_blockNumber", []));
    expect(small.body.result).toMatch(/^0x[0-9a-f]+$/);
  });
});
