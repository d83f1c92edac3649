import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import type { AnvilHandle } from "@/lib/chain/anvil-process";
import { CAPSULE_CHAIN_ID_HEX } from "@/lib/chain/chain";
import { metrics } from "@/lib/metrics/metrics";
import { defaultGatewayLimits } from "@/server/gateway/options";
import { startTestAnvil } from "@/test/support/anvil";
import { eventually, post, req, startGatewayServer, WsClient, type GatewayServer } from "./harness";

// Issue 15 item 3: /ws connections are capped per IP and in total, and every client shares one
// upstream connection to the node. A counting TCP proxy in front of anvil shows how many sockets
// the node really sees.
type CountingProxy = { url: string; accepted: () => number; dropAll: () => void; close: () => Promise<void> };

async function countingProxy(targetPort: number): Promise<CountingProxy> {
  let accepted = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    accepted++;
    const upstream = net.connect(targetPort, "127.0.0.1");
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on("close", () => sockets.delete(s));
      s.on("error", () => undefined);
    }
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `ws://127.0.0.1:${port}`,
    accepted: () => accepted,
    dropAll: () => {
      for (const s of sockets) s.destroy();
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Opens a WebSocket; resolves with the open socket or the HTTP status and body of a refused upgrade. */
function attempt(url: string, headers: Record<string, string> = {}): Promise<{ socket?: WebSocket; status?: number; body?: string; retryAfter?: string }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers });
    socket.once("open", () => resolve({ socket }));
    socket.once("unexpected-response", (_request, response) => {
      let body = "";
      response.on("data", (chunk: Buffer) => (body += chunk.toString()));
      response.on("end", () => resolve({ status: response.statusCode, body, retryAfter: response.headers["retry-after"] as string | undefined }));
    });
    socket.once("error", (error) => {
      if (!/Unexpected server response/.test(error.message)) reject(error);
    });
  });
}

async function gaugeValue(name: "wsConnections" | "wsSubscriptions"): Promise<number> {
  const data = await metrics()[name].get();
  return data.values[0]?.value ?? 0;
}

async function rateLimitedCount(rule: string): Promise<number> {
  const data = await metrics().rateLimited.get();
  return data.values.find((v) => v.labels.rule === rule)?.value ?? 0;
}

let anvil: AnvilHandle;
let proxy: CountingProxy;
const servers: GatewayServer[] = [];

async function gateway(options: { wsMaxPerIp?: number; wsMaxTotal?: number; trustProxy?: boolean; upstreamPoolSize?: number } = {}) {
  const started = await startGatewayServer({
    upstream: { main: anvil.rpcUrl },
    nodeWsUrl: proxy.url,
    trustProxy: options.trustProxy,
    upstreamPoolSize: options.upstreamPoolSize,
    limits: {
      perIpPerMinute: 1_000_000,
      ...(options.wsMaxPerIp ? { wsMaxPerIp: options.wsMaxPerIp } : {}),
      ...(options.wsMaxTotal ? { wsMaxTotal: options.wsMaxTotal } : {}),
    },
  });
  servers.push(started);
  return started;
}

beforeAll(async () => {
  anvil = await startTestAnvil();
  proxy = await countingProxy(anvil.port);
});

afterAll(async () => {
  for (const s of servers) await s.close();
  await proxy?.close();
  await anvil?.stop();
});

describe("connection caps", () => {
  it("opens only the per-IP cap (the default, 50) of 300 connections from one address, over one node socket", async () => {
    const cap = defaultGatewayLimits.wsMaxPerIp;
    expect(cap).toBe(50);
    const g = await gateway();
    const before = { accepted: proxy.accepted(), connections: await gaugeValue("wsConnections"), refused: await rateLimitedCount("ws-connections-per-ip") };
    const attempts = await Promise.all(Array.from({ length: 300 }, () => attempt(g.wsUrl)));
    const opened = attempts.filter((a) => a.socket).map((a) => a.socket as WebSocket);
    const refused = attempts.filter((a) => a.status !== undefined);
    try {
      expect(opened).toHaveLength(cap);
      expect(refused).toHaveLength(300 - cap);
      for (const r of refused) {
        expect(r.status).toBe(429);
        expect(r.retryAfter).toBe("10");
        expect(JSON.parse(r.body ?? "")).toEqual({
          jsonrpc: "2.0",
          id: null,
          error: { code: -32005, message: `too many WebSocket connections from this address: at most ${cap} open at once` },
        });
      }
      expect(g.ws.stats().clients).toBe(cap);
      expect(await gaugeValue("wsConnections")).toBe(before.connections + cap);
      expect(await rateLimitedCount("ws-connections-per-ip")).toBe(before.refused + 300 - cap);

      // Every open client uses the node, concurrently, with colliding request ids: each gets its own answer.
      const clients = opened.map((socket) => socket);
      const answers = await Promise.all(
        clients.map(
          (socket, i) =>
            new Promise<{ id: unknown; result: unknown }>((resolve) => {
              socket.once("message", (data) => resolve(JSON.parse(data.toString())));
              socket.send(JSON.stringify({ jsonrpc: "2.0", id: 1, method: i % 2 ? "eth_chainId" : "eth_blockNumber", params: [] }));
            }),
        ),
      );
      answers.forEach((answer, i) => {
        expect(answer.id).toBe(1);
        if (i % 2) expect(answer.result).toBe(CAPSULE_CHAIN_ID_HEX);
        else expect(answer.result).toMatch(/^0x[0-9a-f]+$/);
      });
      expect(proxy.accepted() - before.accepted).toBe(1);
      expect(g.ws.stats().upstreams).toBe(1);
    } finally {
      await Promise.all(opened.map((socket) => new Promise<void>((resolve) => (socket.once("close", () => resolve()), socket.close()))));
    }
    await eventually(() => g.ws.stats().clients === 0, "clients to close");
    expect(await gaugeValue("wsConnections")).toBe(before.connections);
    // Slots come back when connections close.
    const again = await attempt(g.wsUrl);
    expect(again.socket).toBeDefined();
    again.socket?.close();
  });

  it("caps per address behind a trusted proxy and in total (503)", async () => {
    const g = await gateway({ wsMaxPerIp: 2, wsMaxTotal: 3, trustProxy: true });
    const from = (ip: string) => ({ "x-forwarded-for": ip });
    const a1 = await attempt(g.wsUrl, from("198.51.100.1"));
    const a2 = await attempt(g.wsUrl, from("198.51.100.1"));
    const a3 = await attempt(g.wsUrl, from("198.51.100.1"));
    const b1 = await attempt(g.wsUrl, from("198.51.100.2"));
    const b2 = await attempt(g.wsUrl, from("198.51.100.2"));
    try {
      expect([a1, a2, b1].every((a) => a.socket)).toBe(true);
      expect(a3.status).toBe(429);
      expect(b2.status).toBe(503);
      expect(JSON.parse(b2.body ?? "").error.message).toBe("the WebSocket gateway is at its limit of 3 connections; try again later");
    } finally {
      for (const a of [a1, a2, b1]) a.socket?.close();
    }
  });

  it("counts the addresses of one IPv6 /64 as one client, an IPv4-mapped address as its IPv4 address", async () => {
    const g = await gateway({ wsMaxPerIp: 2, trustProxy: true });
    const from = (ip: string) => ({ "x-forwarded-for": ip });
    const a1 = await attempt(g.wsUrl, from("2001:db8:1234:5678::1"));
    const a2 = await attempt(g.wsUrl, from("2001:db8:1234:5678::2"));
    const a3 = await attempt(g.wsUrl, from("2001:db8:1234:5678:ffff::3"));
    const b1 = await attempt(g.wsUrl, from("2001:db8:1234:5679::1"));
    const c1 = await attempt(g.wsUrl, from("198.51.100.9"));
    const c2 = await attempt(g.wsUrl, from("198.51.100.9"));
    const c3 = await attempt(g.wsUrl, from("::ffff:198.51.100.9"));
    try {
      expect([a1, a2, b1, c1, c2].every((a) => a.socket)).toBe(true);
      expect(a3.status).toBe(429);
      expect(c3.status).toBe(429);
    } finally {
      for (const a of [a1, a2, b1, c1, c2]) a.socket?.close();
    }
  });
});

describe("one shared upstream connection", () => {
  it("keeps at most 10 subscriptions per client, shares identical ones on the node, and frees only the client's own", async () => {
    const g = await gateway({ wsMaxPerIp: 50 });
    const before = { accepted: proxy.accepted(), subscriptions: await gaugeValue("wsSubscriptions") };
    const clients = await Promise.all(Array.from({ length: 5 }, () => WsClient.open(g.wsUrl)));
    try {
      const ids: string[][] = [];
      for (const client of clients) {
        const mine: string[] = [];
        for (let i = 0; i < 10; i++) {
          const answer = await client.call(req("eth_subscribe", ["newHeads"]));
          expect(answer.result).toMatch(/^0x[0-9a-f]{32}$/);
          mine.push(answer.result);
        }
        expect((await client.call(req("eth_subscribe", ["newHeads"]))).error.code).toBe(-32005);
        ids.push(mine);
      }
      expect(new Set(ids.flat()).size).toBe(50); // the gateway's ids, one per client subscription
      expect(g.ws.stats()).toMatchObject({ clients: 5, subscriptions: 50, upstreams: 1 });
      expect(g.ws.nodeSubscriptions()).toBe(1); // fifty newHeads subscriptions are one on the node
      expect(await gaugeValue("wsSubscriptions")).toBe(before.subscriptions + 50);
      expect(proxy.accepted() - before.accepted).toBe(1);

      // A different filter is its own node subscription.
      const logs = await clients[4]!.call(req("eth_unsubscribe", [ids[4]![9]]));
      expect(logs.result).toBe(true);
      const logSub = await clients[4]!.call(req("eth_subscribe", ["logs", { address: "0x5FbDB2315678afecb367f032d93F642f64180aa3" }]));
      expect(logSub.result).toMatch(/^0x/);
      expect(g.ws.nodeSubscriptions()).toBe(2);

      // Client 0 unsubscribes everything and client 1 disconnects: the others keep receiving blocks.
      for (const id of ids[0]!) expect((await clients[0]!.call(req("eth_unsubscribe", [id]))).result).toBe(true);
      expect((await clients[1]!.call(req("eth_unsubscribe", [ids[0]![0]]))).result).toBe(false); // not client 1's
      await clients[1]!.close();
      await eventually(() => g.ws.stats().clients === 4, "client 1 to go");
      expect(g.ws.stats().subscriptions).toBe(30);
      expect(await gaugeValue("wsSubscriptions")).toBe(before.subscriptions + 30);
      expect(g.ws.nodeSubscriptions()).toBe(2);

      expect((await post(anvil.rpcUrl, req("evm_mine"))).body.result).toBe("0x0");
      for (const [index, client] of clients.entries()) {
        if (index < 2) continue;
        const expected = index === 4 ? ids[4]!.slice(0, 9) : ids[index]!;
        for (const sub of expected) await client.waitFor((m) => m.method === "eth_subscription" && m.params?.subscription === sub, `block for ${sub}`);
      }
      expect(clients[0]!.messages.some((m) => m.method === "eth_subscription")).toBe(false);

      // The last listener leaving ends the node subscription.
      for (const id of ids[2]!) await clients[2]!.call(req("eth_unsubscribe", [id]));
      await clients[3]!.close();
      for (const id of ids[4]!.slice(0, 9)) await clients[4]!.call(req("eth_unsubscribe", [id]));
      expect(g.ws.nodeSubscriptions()).toBe(1); // the logs one is left
    } finally {
      await Promise.all(clients.map((c) => c.close()));
    }
    await eventually(() => g.ws.stats().clients === 0, "clients to close");
    expect(await gaugeValue("wsSubscriptions")).toBe(before.subscriptions);
  });

  it("spreads clients over a pool and never opens more node sockets than its size", async () => {
    const g = await gateway({ wsMaxPerIp: 50, upstreamPoolSize: 3 });
    const before = proxy.accepted();
    const clients = await Promise.all(Array.from({ length: 12 }, () => WsClient.open(g.wsUrl)));
    try {
      await Promise.all(clients.map(async (c) => expect((await c.call(req("eth_chainId"))).result).toBe(CAPSULE_CHAIN_ID_HEX)));
      expect(proxy.accepted() - before).toBe(3);
      expect(g.ws.stats().upstreams).toBe(3);
    } finally {
      await Promise.all(clients.map((c) => c.close()));
    }
  });

  it("reports a lost node connection to its clients (1011) and connects again for the next ones", async () => {
    const g = await gateway({ wsMaxPerIp: 50 });
    const clients = await Promise.all(Array.from({ length: 3 }, () => WsClient.open(g.wsUrl)));
    await clients[0]!.call(req("eth_subscribe", ["newHeads"]));
    await clients[1]!.call(req("eth_chainId"));
    const closes = clients.map((c) => new Promise<number>((resolve) => c.socket.once("close", (code) => resolve(code))));
    const accepted = proxy.accepted();
    proxy.dropAll();
    expect(await Promise.all(closes)).toEqual([1011, 1011, 1011]);
    await eventually(() => g.ws.stats().clients === 0 && g.ws.stats().subscriptions === 0, "sessions to end");
    expect(g.ws.nodeSubscriptions()).toBe(0);

    const fresh = await WsClient.open(g.wsUrl);
    try {
      expect((await fresh.call(req("eth_chainId"))).result).toBe(CAPSULE_CHAIN_ID_HEX);
      const sub = (await fresh.call(req("eth_subscribe", ["newHeads"]))).result as string;
      await post(anvil.rpcUrl, req("evm_mine"));
      await fresh.waitFor((m) => m.params?.subscription === sub, "a block after reconnecting");
      expect(proxy.accepted()).toBe(accepted + 1);
    } finally {
      await fresh.close();
    }
  });
});
