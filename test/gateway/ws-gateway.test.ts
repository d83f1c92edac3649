import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AnvilHandle } from "@/lib/chain/anvil-process";
import { CAPSULE_CHAIN_ID_HEX } from "@/lib/chain/chain";
import { startTestAnvil } from "@/test/support/anvil";
import { eventually, post, req, startGatewayServer, WsClient, type GatewayServer } from "./harness";

let anvil: AnvilHandle;
let gateway: GatewayServer;
const address = "0x5FbDB2315678afecb367f032d93F642f64180aa3";
const topic = `0x${"ab".repeat(32)}`;

beforeAll(async () => {
  anvil = await startTestAnvil();
  gateway = await startGatewayServer({
    upstream: { main: anvil.rpcUrl },
    nodeWsUrl: anvil.wsUrl,
    limits: { perIpPerMinute: 100_000, sendRawPerIpPerMinute: 100_000 },
  });
});

afterAll(async () => {
  await gateway?.close();
  await anvil?.stop();
});

/** Mines a block on the node directly (test-only: the gateway refuses evm_mine). */
async function mine(): Promise<void> {
  const answer = await post(anvil.rpcUrl, req("evm_mine"));
  expect(answer.body.result).toBe("0x0");
}

describe("JSON-RPC over /ws", () => {
  it("forwards allowed methods and refuses the others", async () => {
    const client = await WsClient.open(gateway.wsUrl);
    try {
      expect((await client.call(req("eth_chainId"))).result).toBe(CAPSULE_CHAIN_ID_HEX);
      const peers = await client.call(req("net_peerCount"));
      expect(peers, JSON.stringify(peers)).toMatchObject({ result: "0x0" });
      expect((await client.call(req("eth_getBalance", [address, "latest"]))).result).toBe("0x0");
      for (const method of ["anvil_mine", "evm_mine", "debug_traceCall", "eth_accounts", "eth_sendTransaction"]) {
        const answer = await client.call(req(method, []));
        expect(answer.error, method).toEqual({ code: -32601, message: `method not found: ${method} is not available through this gateway` });
      }
      expect((await client.call(req("eth_getBalance", ["0x12", "latest"]))).error.code).toBe(-32602);
      expect((await client.call({ id: 99, method: "eth_chainId" } as { id: number })).error.code).toBe(-32600);
    } finally {
      await client.close();
    }
  });

  it("answers invalid JSON with -32700 and keeps the connection open", async () => {
    const client = await WsClient.open(gateway.wsUrl);
    try {
      client.send("{ this is not json");
      const answer = await client.waitFor((m) => m.error?.code === -32700, "-32700");
      expect(answer).toEqual({ jsonrpc: "2.0", id: null, error: { code: -32700, message: "parse error: the body is not valid JSON" } });
      expect((await client.call(req("eth_chainId"))).result).toBe(CAPSULE_CHAIN_ID_HEX);
    } finally {
      await client.close();
    }
  });

  it("answers a batch with an array", async () => {
    const client = await WsClient.open(gateway.wsUrl);
    try {
      client.send([{ ...req("eth_chainId"), id: "b1" }, { ...req("evm_mine"), id: "b2" }]);
      const answer = await client.waitFor((m) => Array.isArray(m), "batch answer");
      expect(answer).toEqual([
        { jsonrpc: "2.0", id: "b1", result: CAPSULE_CHAIN_ID_HEX },
        { jsonrpc: "2.0", id: "b2", error: { code: -32601, message: "method not found: evm_mine is not available through this gateway" } },
      ]);
    } finally {
      await client.close();
    }
  });
});

describe("subscriptions", () => {
  it("validates subscription kinds and log filters", async () => {
    const client = await WsClient.open(gateway.wsUrl);
    try {
      const cases: [unknown[], string][] = [
        [["newPendingTransactions"], 'subscription "newPendingTransactions" is not supported'],
        [["syncing"], 'subscription "syncing" is not supported'],
        [[], "a missing or non-string kind"],
        [["logs", { address: "0x12" }], "params[1].address"],
        [["logs", { topics: ["0x1234"] }], "params[1].topics[0]"],
        [["logs", { address, fromBlock: "0x0" }], "params[1]"],
        [["newHeads", {}], "eth_subscribe takes 1 parameter(s), got 2"],
      ];
      for (const [params, message] of cases) {
        const answer = await client.call(req("eth_subscribe", params));
        expect(answer.error?.code, JSON.stringify(params)).toBe(-32602);
        expect(answer.error.message).toContain(message);
      }
      expect(gateway.ws.stats().subscriptions).toBe(0);
    } finally {
      await client.close();
    }
  });

  it("allows 10 live subscriptions, refuses the 11th with -32005, and frees a slot on eth_unsubscribe", async () => {
    const client = await WsClient.open(gateway.wsUrl);
    try {
      const ids: string[] = [];
      for (let i = 0; i < 10; i++) {
        const params = i % 2 === 0 ? ["newHeads"] : ["logs", { address, topics: [topic, null] }];
        const answer = await client.call(req("eth_subscribe", params));
        expect(answer.result, `subscription ${i + 1}`).toMatch(/^0x[0-9a-f]+$/);
        ids.push(answer.result);
      }
      expect(new Set(ids).size).toBe(10);
      expect(gateway.ws.stats().subscriptions).toBe(10);

      const eleventh = await client.call(req("eth_subscribe", ["newHeads"]));
      expect(eleventh.error).toEqual({
        code: -32005,
        message: "subscription limit reached: at most 10 live subscriptions per connection; eth_unsubscribe one first",
        data: { limit: 10 },
      });

      expect((await client.call(req("eth_unsubscribe", [ids[0]]))).result).toBe(true);
      expect((await client.call(req("eth_unsubscribe", [ids[0]]))).result).toBe(false); // already gone
      expect((await client.call(req("eth_unsubscribe", ["0xdeadbeef"]))).result).toBe(false); // never ours
      expect((await client.call(req("eth_unsubscribe", ["nope"]))).error.code).toBe(-32602);
      expect(gateway.ws.stats().subscriptions).toBe(9);

      const again = await client.call(req("eth_subscribe", ["newHeads"]));
      expect(again.result).toMatch(/^0x[0-9a-f]+$/);
      expect((await client.call(req("eth_subscribe", ["newHeads"]))).error.code).toBe(-32005);
    } finally {
      await client.close();
    }
  });

  it("counts subscriptions per connection", async () => {
    const first = await WsClient.open(gateway.wsUrl);
    const second = await WsClient.open(gateway.wsUrl);
    try {
      for (let i = 0; i < 10; i++) expect((await first.call(req("eth_subscribe", ["newHeads"]))).result).toMatch(/^0x/);
      expect((await second.call(req("eth_subscribe", ["newHeads"]))).result).toMatch(/^0x/);
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });

  it("forwards a newHeads notification when a block is mined", async () => {
    const client = await WsClient.open(gateway.wsUrl);
    try {
      const sub = (await client.call(req("eth_subscribe", ["newHeads"]))).result as string;
      const before = BigInt((await client.call(req("eth_blockNumber"))).result);
      await mine();
      const note = await client.waitFor((m) => m.method === "eth_subscription" && m.params?.subscription === sub, "newHeads");
      expect(note.jsonrpc).toBe("2.0");
      expect(BigInt(note.params.result.number)).toBe(before + 1n);
      expect(note.params.result.hash).toMatch(/^0x[0-9a-f]{64}$/);
    } finally {
      await client.close();
    }
  });

  it("removes subscriptions and closes the upstream socket when the client disconnects", async () => {
    await eventually(() => gateway.ws.stats().clients === 0, "earlier clients to go");
    const client = await WsClient.open(gateway.wsUrl);
    for (let i = 0; i < 3; i++) await client.call(req("eth_subscribe", ["newHeads"]));
    expect(gateway.ws.stats()).toEqual({ clients: 1, subscriptions: 3, upstreams: 1 });
    client.socket.terminate(); // abrupt: no close handshake
    await eventually(() => {
      const stats = gateway.ws.stats();
      return stats.clients === 0 && stats.subscriptions === 0 && stats.upstreams === 0;
    }, "cleanup after disconnect");
    // The gateway still serves new clients.
    const next = await WsClient.open(gateway.wsUrl);
    expect((await next.call(req("eth_chainId"))).result).toBe(CAPSULE_CHAIN_ID_HEX);
    await next.close();
  });

  it("close() ends every client and upstream", async () => {
    const own = await startGatewayServer({ upstream: { main: anvil.rpcUrl }, nodeWsUrl: anvil.wsUrl });
    const clients = [await WsClient.open(own.wsUrl), await WsClient.open(own.wsUrl)];
    await clients[0]!.call(req("eth_subscribe", ["newHeads"]));
    expect(own.ws.stats().clients).toBe(2);
    const closed = clients.map((c) => new Promise<number>((resolve) => c.socket.once("close", (code) => resolve(code))));
    await own.close();
    expect(await Promise.all(closed)).toEqual([1001, 1001]);
    expect(own.ws.stats()).toEqual({ clients: 0, subscriptions: 0, upstreams: 0 });
  });

  it("answers -32603 and closes with 1011 when the node's WebSocket is unreachable", async () => {
    const dead = await startGatewayServer({ upstream: { main: anvil.rpcUrl }, nodeWsUrl: "ws://127.0.0.1:9" });
    try {
      const client = await WsClient.open(dead.wsUrl);
      const closed = new Promise<number>((resolve) => client.socket.once("close", (code) => resolve(code)));
      client.send(req("eth_chainId"));
      expect(await closed).toBe(1011);
      for (const message of client.messages) expect(message.error.code).toBe(-32603);
    } finally {
      await dead.close();
    }
  });
});
