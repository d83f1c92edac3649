import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authNonce } from "@/lib/auth/nonce.endpoint";
import { bridgeClient } from "@/test/support/bridge-client";
import { createTestDatabase } from "@/test/support/postgres";
import { awayFromWindowEdge } from "@/test/support/rate-window";
import { dialectsUnderTest, startStack, type Stack } from "@/test/support/stack";

// Security review: one IPv6 /64 (what one subscriber is usually given) is one client for every
// per-client limit (lib/http/client-ip.ts `addressNetwork`), and an IPv4-mapped address is its IPv4
// address. Through the real server behind one trusted proxy: the bridge's public GET limit (the
// Sign-In nonces) and the JSON-RPC gateway's limit.

const dialects = await dialectsUnderTest();
const GET_LIMIT = 8;
const RPC_LIMIT = 5;

describe.each(dialects)("per-client limits count a /64 as one client on %s", (dialect) => {
  let stack: Stack;
  let dropDatabase: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    const created = dialect === "postgres" ? await createTestDatabase() : undefined;
    dropDatabase = created?.drop;
    stack = await startStack({
      database: dialect,
      databaseUrl: created?.url,
      env: { CAPSULE_TRUST_PROXY: "1", CAPSULE_RATE_PUBLIC_GET_PER_MIN: String(GET_LIMIT), CAPSULE_RATE_RPC_PER_MIN: String(RPC_LIMIT) },
    });
  }, 300_000);
  afterAll(async () => {
    await stack?.stop();
    await dropDatabase?.();
  });

  const from = (ip: string) => ({ "x-forwarded-for": ip });

  it("gives the addresses of one /64 one budget of public GETs, and the next /64 its own", async () => {
    const api = bridgeClient(stack.baseUrl);
    await awayFromWindowEdge();
    const statuses: number[] = [];
    for (let i = 1; i <= GET_LIMIT + 2; i++) statuses.push((await api.send(authNonce, {}, undefined, from(`2001:db8:1234:5678::${i.toString(16)}`))).status);
    expect(statuses).toEqual([...Array<number>(GET_LIMIT).fill(200), 429, 429]);
    const other = await api.send(authNonce, {}, undefined, from("2001:db8:1234:5679::1"));
    expect(other.status).toBe(200);
    expect(other.headers.get("ratelimit-remaining")).toBe(String(GET_LIMIT - 1));
  });

  it("counts an IPv4-mapped address as its IPv4 address", async () => {
    const api = bridgeClient(stack.baseUrl);
    await awayFromWindowEdge();
    const statuses: number[] = [];
    for (let i = 0; i < GET_LIMIT; i++) statuses.push((await api.send(authNonce, {}, undefined, from("198.51.100.77"))).status);
    statuses.push((await api.send(authNonce, {}, undefined, from("::ffff:198.51.100.77"))).status);
    expect(statuses).toEqual([...Array<number>(GET_LIMIT).fill(200), 429]);
  });

  it("gives the addresses of one /64 one budget on the JSON-RPC gateway", async () => {
    const rpc = (ip: string) =>
      fetch(`${stack.baseUrl}/rpc`, { method: "POST", headers: { "content-type": "application/json", ...from(ip) }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_chainId", params: [] }) });
    await awayFromWindowEdge();
    const statuses: number[] = [];
    for (let i = 1; i <= RPC_LIMIT + 1; i++) statuses.push((await rpc(`2001:db8:abcd:1:${i}::9`)).status);
    expect(statuses).toEqual([...Array<number>(RPC_LIMIT).fill(200), 429]);
    expect((await rpc("2001:db8:abcd:2::9")).status).toBe(200);
  });
});
