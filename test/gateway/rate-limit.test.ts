import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AnvilHandle } from "@/lib/chain/anvil-process";
import { CAPSULE_CHAIN_ID_HEX } from "@/lib/chain/chain";
import { openDatabase, type DatabaseHandle } from "@/lib/db/connection";
import { migrateToLatest } from "@/lib/db/migrate";
import { hitRateLimit } from "@/lib/rate-limit/rate-limiter";
import type { GatewayLimits, RateLimiter } from "@/server/gateway/options";
import { startTestAnvil } from "@/test/support/anvil";
import { post, req, startGatewayServer, WsClient, type GatewayServer } from "./harness";

// The SQL limiter the server uses, on a temp SQLite file, with the clock pinned 15 s into a
// minute window so that no test straddles a window boundary and Retry-After is exact (45).
let anvil: AnvilHandle;
let database: DatabaseHandle;
let tempDir: string;
const now = Math.floor(Date.now() / 60_000) * 60 + 15;
const servers: GatewayServer[] = [];

function sqlLimiter(): RateLimiter {
  return (rule, key) => hitRateLimit(database.db, rule, key, now);
}

async function server(limits: Partial<GatewayLimits>, trustProxy: boolean | number = false): Promise<GatewayServer> {
  const started = await startGatewayServer({
    upstream: { main: anvil.rpcUrl },
    nodeWsUrl: anvil.wsUrl,
    limits: { perIpPerMinute: 1000, sendRawPerIpPerMinute: 1000, serviceRpcPerIpPerMinute: 1000, ...limits },
    trustProxy,
    limiter: sqlLimiter(),
  });
  servers.push(started);
  return started;
}

beforeAll(async () => {
  tempDir = fs.mkdtempSync(path.join(os.tmpdir(), "capsule-gateway-limits-"));
  database = openDatabase({ sqliteFile: path.join(tempDir, "limits.sqlite") });
  await migrateToLatest(database.db);
  anvil = await startTestAnvil();
});

afterAll(async () => {
  for (const s of servers) await s.close();
  await anvil?.stop();
  await database?.close();
  fs.rmSync(tempDir, { recursive: true, force: true });
});

function expect429(answer: { status: number; headers: Headers }, limit: number) {
  expect(answer.status).toBe(429);
  expect(answer.headers.get("retry-after")).toBe("45");
  expect(answer.headers.get("ratelimit-limit")).toBe(String(limit));
  expect(answer.headers.get("ratelimit-remaining")).toBe("0");
}

describe("per-IP limits on the HTTP RPC", () => {
  it("answers 429 with Retry-After and -32005 past the public limit", async () => {
    const s = await server({ perIpPerMinute: 5 }, true);
    const ip = { "x-forwarded-for": "198.51.100.1" };
    for (let i = 0; i < 5; i++) expect((await post(`${s.url}/rpc`, req("eth_chainId"), ip)).body.result).toBe(CAPSULE_CHAIN_ID_HEX);
    const request = req("eth_chainId");
    const limited = await post(`${s.url}/rpc`, request, ip);
    expect429(limited, 5);
    expect(limited.body).toEqual({
      jsonrpc: "2.0",
      id: request.id,
      error: { code: -32005, message: "rate limit exceeded: 5 requests per minute", data: { limit: 5, retryAfter: 45 } },
    });
  });

  it("counts a batch of N as N", async () => {
    const s = await server({ perIpPerMinute: 5 }, true);
    const ip = { "x-forwarded-for": "198.51.100.2" };
    const first = await post(`${s.url}/rpc`, [req("eth_chainId"), req("eth_blockNumber"), req("eth_gasPrice")], ip);
    expect(first.status).toBe(200);
    expect(first.body).toHaveLength(3);
    const batch = [req("eth_chainId"), req("eth_chainId"), req("eth_chainId")];
    const second = await post(`${s.url}/rpc`, batch, ip);
    expect429(second, 5);
    expect(second.body.map((a: { id: number; error: { code: number } }) => [a.id, a.error.code])).toEqual(batch.map((b) => [b.id, -32005]));
  });

  it("limits eth_sendRawTransaction separately, on top of the public limit", async () => {
    const s = await server({ perIpPerMinute: 50, sendRawPerIpPerMinute: 2 }, true);
    const ip = { "x-forwarded-for": "198.51.100.3" };
    for (let i = 0; i < 2; i++) {
      // undecodable transactions still count: the limit is on calls, not on valid ones
      const answer = await post(`${s.url}/rpc`, req("eth_sendRawTransaction", ["0x00"]), ip);
      expect(answer.status).toBe(200);
      expect(answer.body.error.code).toBe(-32602);
    }
    const limited = await post(`${s.url}/rpc`, req("eth_sendRawTransaction", ["0x00"]), ip);
    expect429(limited, 2);
    expect(limited.body.error.message).toBe("rate limit exceeded: 2 eth_sendRawTransaction requests per minute");
    expect((await post(`${s.url}/rpc`, req("eth_chainId"), ip)).status).toBe(200);
  });

  it("applies the service RPC limit to /rpc/archive, not to /rpc", async () => {
    const s = await server({ perIpPerMinute: 50, serviceRpcPerIpPerMinute: 3 }, true);
    const ip = { "x-forwarded-for": "198.51.100.4" };
    for (let i = 0; i < 3; i++) expect((await post(`${s.url}/rpc/archive`, req("eth_chainId"), ip)).status).toBe(200);
    const limited = await post(`${s.url}/rpc/archive`, req("eth_chainId"), ip);
    expect429(limited, 3);
    expect(limited.body.error).toMatchObject({ code: -32005, message: "rate limit exceeded: 3 service RPC requests per minute" });
    expect((await post(`${s.url}/rpc`, req("eth_chainId"), ip)).status).toBe(200);
  });
});

describe("client IP", () => {
  it("ignores X-Forwarded-For unless trustProxy is set", async () => {
    const s = await server({ perIpPerMinute: 2 }, false);
    expect((await post(`${s.url}/rpc`, req("eth_chainId"), { "x-forwarded-for": "203.0.113.1" })).status).toBe(200);
    expect((await post(`${s.url}/rpc`, req("eth_chainId"), { "x-forwarded-for": "203.0.113.2" })).status).toBe(200);
    // a new forwarded address does not buy a new budget: the socket address is the key
    expect((await post(`${s.url}/rpc`, req("eth_chainId"), { "x-forwarded-for": "203.0.113.3" })).status).toBe(429);
  });

  it("keys on the right-most X-Forwarded-For entry behind one trusted proxy; a spoofed left-most entry buys nothing", async () => {
    const s = await server({ perIpPerMinute: 2 }, true);
    // the proxy appended 203.0.113.10 (the address it saw); the client made up everything left of it
    const spoofed = (fake: string) => ({ "x-forwarded-for": `${fake}, 203.0.113.10` });
    expect((await post(`${s.url}/rpc`, req("eth_chainId"), spoofed("10.0.0.1"))).status).toBe(200);
    expect((await post(`${s.url}/rpc`, req("eth_chainId"), spoofed("10.0.0.2"))).status).toBe(200);
    expect((await post(`${s.url}/rpc`, req("eth_chainId"), spoofed("10.0.0.3"))).status).toBe(429);
    expect((await post(`${s.url}/rpc`, req("eth_chainId"), { "x-forwarded-for": "203.0.113.11" })).status).toBe(200);
  });

  it("behind two trusted proxies keys on the second entry from the right", async () => {
    const s = await server({ perIpPerMinute: 2 }, 2);
    // client → edge (appends the client, 198.51.100.7) → inner proxy (appends the edge, 10.1.1.1) → us
    const via = (fake: string, edge: string) => ({ "x-forwarded-for": `${fake}, 198.51.100.7, ${edge}` });
    expect((await post(`${s.url}/rpc`, req("eth_chainId"), via("1.1.1.1", "10.1.1.1"))).status).toBe(200);
    expect((await post(`${s.url}/rpc`, req("eth_chainId"), via("2.2.2.2", "10.1.1.2"))).status).toBe(200);
    expect((await post(`${s.url}/rpc`, req("eth_chainId"), via("3.3.3.3", "10.1.1.1"))).status).toBe(429);
    // fewer entries than hops: the left-most one
    expect((await post(`${s.url}/rpc`, req("eth_chainId"), { "x-forwarded-for": "198.51.100.8" })).status).toBe(200);
  });
});

describe("shared counters", () => {
  it("adds up requests made to two servers sharing the database", async () => {
    const a = await server({ perIpPerMinute: 4 }, true);
    const b = await server({ perIpPerMinute: 4 }, true);
    const ip = { "x-forwarded-for": "192.0.2.50" };
    expect((await post(`${a.url}/rpc`, [req("eth_chainId"), req("eth_chainId")], ip)).status).toBe(200);
    expect((await post(`${b.url}/rpc`, [req("eth_chainId"), req("eth_chainId")], ip)).status).toBe(200);
    expect((await post(`${a.url}/rpc`, req("eth_chainId"), ip)).status).toBe(429);
    expect((await post(`${b.url}/rpc`, req("eth_chainId"), ip)).status).toBe(429);
  });

  it("counts WebSocket requests against the same per-IP limit", async () => {
    const s = await server({ perIpPerMinute: 3 }, true);
    const ip = { "x-forwarded-for": "192.0.2.60" };
    const client = await WsClient.open(s.wsUrl, ip);
    try {
      expect((await client.call(req("eth_chainId"))).result).toBe(CAPSULE_CHAIN_ID_HEX);
      expect((await client.call(req("eth_blockNumber"))).result).toMatch(/^0x/);
      expect((await post(`${s.url}/rpc`, req("eth_chainId"), ip)).status).toBe(200);
      const limited = await client.call({ ...req("eth_chainId"), id: "over" } as { id: string });
      expect(limited.error).toEqual({ code: -32005, message: "rate limit exceeded: 3 requests per minute", data: { limit: 3, retryAfter: 45 } });
      expect((await post(`${s.url}/rpc`, req("eth_chainId"), ip)).status).toBe(429);
      expect(client.socket.readyState).toBe(client.socket.OPEN);
    } finally {
      await client.close();
    }
  });
});
