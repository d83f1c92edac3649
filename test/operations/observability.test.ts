import fs from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import WebSocket from "ws";
import { createPublicClient, createWalletClient, defineChain, http, parseEther, type Address } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { roleRegistryAbi } from "@/lib/chain/abi";
import { readDeployment } from "@/lib/chain/deployment-record";
import { openDatabase } from "@/lib/db/connection";
import { devKeys } from "@/test/support/anvil";
import { pathOf } from "@/lib/api/request";
import { authCheck } from "@/lib/auth/check.endpoint";
import { capsuleList } from "@/features/capsules/list.endpoint";
import { capsuleRead } from "@/features/capsules/read.endpoint";
import { canonicalEnv } from "@/features/operator/canonical-env.endpoint";
import { health } from "@/features/system/health.endpoint";
import { networkStatus } from "@/features/system/network-status.endpoint";
import { bridgeClient, signedToken } from "@/test/support/bridge-client";
import { createTestDatabase } from "@/test/support/postgres";
import { startStack, type Stack } from "@/test/support/stack";
import { runScript } from "./support";

// Issue 17 items 1 and 2 on the real stack (PostgreSQL, so the database URL carries a password):
// GET /metrics and its series, request ids in responses and log lines, one access line per
// request, and no configured secret in any line the process prints while every logging error
// path we can reach is driven (SQL failures, dropped connections, the bounty service, a lost node).
const PG_PASSWORD = `pg-pass-${randomBytes(8).toString("hex")}`;
const METRICS_TOKEN = `metrics-${randomBytes(12).toString("hex")}`;
const OPERATOR_KEY = devKeys[7];
const API_KEY = `apikey${randomBytes(8).toString("hex")}`;
const PATH_KEY = `9aa3d95b${randomBytes(12).toString("hex")}`;
const QUERY_SECRET = `q-secret-${randomBytes(6).toString("hex")}`;
const sentTokens: string[] = [];

let stack: Stack;
let pg: Awaited<ReturnType<typeof createTestDatabase>>;
let databaseUrl: string;
const scriptOutputs: string[] = [];

type Sample = { labels: Record<string, string>; value: number };

function samples(text: string, name: string): Sample[] {
  const out: Sample[] = [];
  for (const line of text.split("\n")) {
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const labels: Record<string, string> = {};
    for (const pair of (match[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[pair[1]!] = pair[2]!;
    out.push({ labels, value: Number(match[3]) });
  }
  return out;
}

const valueOf = (text: string, name: string, labels: Record<string, string> = {}) =>
  samples(text, name).find((s) => Object.entries(labels).every(([k, v]) => s.labels[k] === v))?.value ?? 0;

async function scrape(): Promise<string> {
  const response = await fetch(`${stack.baseUrl}/metrics`);
  expect(response.status).toBe(200);
  return response.text();
}

/** The JSON log lines the server printed so far. */
function logLines(): Record<string, unknown>[] {
  return stack
    .output()
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as Record<string, unknown>];
      } catch {
        return [];
      }
    });
}

async function eventually(check: () => boolean | Promise<boolean>, what: string, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

beforeAll(async () => {
  pg = await createTestDatabase();
  const url = new URL(pg.url);
  url.password = PG_PASSWORD; // trust authentication ignores it; every line must still hide it
  databaseUrl = url.toString();
  stack = await startStack({
    database: "postgres",
    databaseUrl,
    env: {
      CAPSULE_OPERATOR_KEY: OPERATOR_KEY,
      CAPSULE_METRICS_TOKEN: METRICS_TOKEN,
      CAPSULE_TESTNET_RPC_URL: `http://127.0.0.1:9/v3/${PATH_KEY}?apikey=${API_KEY}`,
      CAPSULE_RATE_SERVICE_RPC_PER_MIN: "2",
    },
  });
});

afterAll(async () => {
  await stack?.stop();
  await pg?.drop();
});

describe("GET /metrics", () => {
  it("exposes every named series and the Node process defaults", async () => {
    const text = await scrape();
    for (const name of [
      "capsule_http_requests_total",
      "capsule_http_request_duration_seconds",
      "capsule_indexer_head_block",
      "capsule_indexer_checkpoint_block",
      "capsule_indexer_reorgs_total",
      "capsule_indexer_events_total",
      "capsule_outbox_pending",
      "capsule_outbox_oldest_pending_seconds",
      "capsule_outbox_rebroadcasts_total",
      "capsule_rate_limited_total",
      "capsule_ws_connections",
      "capsule_ws_subscriptions",
      "process_cpu_user_seconds_total",
      "process_resident_memory_bytes",
      "nodejs_eventloop_lag_seconds",
      "nodejs_heap_size_used_bytes",
    ]) {
      expect(text, name).toMatch(new RegExp(`^# TYPE ${name} `, "m"));
    }
  });

  it("counts and times requests by route pattern, never by raw path", async () => {
    const before = await scrape();
    const labels = { route: capsuleRead.path, method: "GET", status: "404" };
    for (const id of ["987654", "987655", "987656"]) expect((await fetch(`${stack.baseUrl}${pathOf(capsuleRead, { id })}`)).status).toBe(404);
    expect((await fetch(`${stack.baseUrl}/wp-login.php?x=${QUERY_SECRET}`)).status).toBe(404);
    // an exchange is recorded when its response has been flushed, which may be just after the client read it
    const after = await vi.waitFor(async () => {
      const text = await scrape();
      expect(valueOf(text, "capsule_http_requests_total", { route: "unmatched", method: "GET", status: "404" })).toBeGreaterThanOrEqual(1);
      expect(valueOf(text, "capsule_http_requests_total", labels) - valueOf(before, "capsule_http_requests_total", labels)).toBeGreaterThanOrEqual(3);
      return text;
    });
    expect(valueOf(after, "capsule_http_requests_total", labels) - valueOf(before, "capsule_http_requests_total", labels)).toBe(3);
    const count = { route: capsuleRead.path, method: "GET" };
    expect(valueOf(after, "capsule_http_request_duration_seconds_count", count) - valueOf(before, "capsule_http_request_duration_seconds_count", count)).toBe(3);
    expect(valueOf(after, "capsule_http_request_duration_seconds_sum", count)).toBeGreaterThan(valueOf(before, "capsule_http_request_duration_seconds_sum", count));
    expect(valueOf(after, "capsule_http_requests_total", { route: "unmatched", method: "GET", status: "404" })).toBeGreaterThanOrEqual(1);
    expect(after).not.toContain("987654");
    expect(after).not.toContain("wp-login");
    const routes = new Set(samples(after, "capsule_http_requests_total").map((s) => s.labels.route));
    for (const route of routes) expect(route === "unmatched" || route?.startsWith("/"), String(route)).toBe(true);
  });

  it("moves the indexer series after a chain event is indexed", async () => {
    const deployment = readDeployment(path.join(stack.dataDir, "deployment.json"));
    if (!deployment) throw new Error("the stack wrote no deployment record");
    const before = await scrape();
    const account = privateKeyToAccount(devKeys[3]!);
    const chain = defineChain({ id: deployment.chainId, name: "bundled anvil", nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 }, rpcUrls: { default: { http: [stack.nodeRpcUrl] } } });
    const wallet = createWalletClient({ account, chain, transport: http(stack.nodeRpcUrl) });
    const hash = await wallet.writeContract({ address: deployment.contracts.roleRegistry.address as Address, abi: roleRegistryAbi, functionName: "deposit", value: parseEther("1") });
    const receipt = await createPublicClient({ chain, transport: http(stack.nodeRpcUrl) }).waitForTransactionReceipt({ hash });
    const after = await vi.waitFor(
      async () => {
        const text = await scrape();
        expect(valueOf(text, "capsule_indexer_checkpoint_block")).toBeGreaterThanOrEqual(Number(receipt.blockNumber));
        return text;
      },
      { timeout: 30_000, interval: 200 },
    );
    expect(valueOf(after, "capsule_indexer_events_total")).toBeGreaterThan(valueOf(before, "capsule_indexer_events_total"));
    expect(valueOf(after, "capsule_indexer_head_block")).toBeGreaterThanOrEqual(Number(receipt.blockNumber));
    expect(valueOf(after, "capsule_indexer_checkpoint_block")).toBeGreaterThan(valueOf(before, "capsule_indexer_checkpoint_block"));
  });

  it("moves the rate-limit counter and the WebSocket gauges", async () => {
    const before = await scrape();
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const response = await fetch(`${stack.baseUrl}/rpc/archive`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ jsonrpc: "2.0", id: i, method: "eth_chainId" }) });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([200, 200, 429]);
    const ws = new WebSocket(`${stack.baseUrl.replace(/^http/, "ws")}/ws`);
    await new Promise((resolve, reject) => (ws.once("open", resolve), ws.once("error", reject)));
    const answer = new Promise<{ result: string }>((resolve) => ws.once("message", (data) => resolve(JSON.parse(data.toString()))));
    ws.send(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_subscribe", params: ["newHeads"] }));
    expect((await answer).result).toMatch(/^0x/);
    const during = await scrape();
    expect(valueOf(during, "capsule_rate_limited_total", { rule: "rpc-service" }) - valueOf(before, "capsule_rate_limited_total", { rule: "rpc-service" })).toBe(1);
    expect(valueOf(during, "capsule_ws_connections")).toBe(valueOf(before, "capsule_ws_connections") + 1);
    expect(valueOf(during, "capsule_ws_subscriptions")).toBe(valueOf(before, "capsule_ws_subscriptions") + 1);
    expect(valueOf(during, "capsule_http_requests_total", { route: "/ws", method: "GET", status: "101" })).toBeGreaterThanOrEqual(1);
    await new Promise((resolve) => (ws.once("close", resolve), ws.close()));
    await eventually(async () => valueOf(await scrape(), "capsule_ws_connections") === valueOf(before, "capsule_ws_connections"), "the gauge to go back");
    expect(valueOf(await scrape(), "capsule_ws_subscriptions")).toBe(valueOf(before, "capsule_ws_subscriptions"));
  });

  it("needs the bearer token for a request that came through a proxy", async () => {
    const proxied = { "x-forwarded-for": "203.0.113.7" };
    expect((await fetch(`${stack.baseUrl}/metrics`, { headers: proxied })).status).toBe(401);
    expect((await fetch(`${stack.baseUrl}/metrics`, { headers: { ...proxied, authorization: "Bearer not-the-token-at-all" } })).status).toBe(401);
    const ok = await fetch(`${stack.baseUrl}/metrics`, { headers: { ...proxied, authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(ok.status).toBe(200);
    // The token is a secret: not in the effective configuration either.
    const env = (await (await fetch(`${stack.baseUrl}${pathOf(canonicalEnv)}`)).json()) as { env: Record<string, string | null> };
    expect(env.env.CAPSULE_METRICS_TOKEN).toBe("[redacted]");
  });
});

describe("request ids and access lines", () => {
  it("echoes a well-formed X-Request-Id, replaces a malformed one, and writes one access line per request", async () => {
    const kept = await fetch(`${stack.baseUrl}${pathOf(health)}`, { headers: { "x-request-id": "ops-req-health.1" } });
    expect(kept.headers.get("x-request-id")).toBe("ops-req-health.1");
    const replaced = await fetch(`${stack.baseUrl}${pathOf(health)}`, { headers: { "x-request-id": "bad id with spaces" } });
    const generated = replaced.headers.get("x-request-id") ?? "";
    expect(generated).toMatch(/^[0-9a-f-]{36}$/);
    const rpc = await fetch(`${stack.baseUrl}/rpc`, { method: "POST", headers: { "content-type": "application/json", "x-request-id": "ops-req-rpc" }, body: '{"jsonrpc":"2.0","id":1,"method":"eth_chainId"}' });
    expect(rpc.headers.get("x-request-id")).toBe("ops-req-rpc");

    const access = (id: string) => logLines().filter((l) => l.scope === "http" && l.reqId === id);
    // Lines are written when each answer has ended, which may be just after the client has read it.
    await eventually(() => ["ops-req-health.1", generated, "ops-req-rpc"].every((id) => access(id).length > 0), "the access lines");
    expect(access("ops-req-health.1")).toEqual([
      expect.objectContaining({ level: "info", msg: "request", method: "GET", route: health.path, path: pathOf(health), status: kept.status, durationMs: expect.any(Number), ip: "127.0.0.1" }),
    ]);
    expect(access(generated)).toHaveLength(1);
    expect(access("ops-req-rpc")).toEqual([expect.objectContaining({ route: "/rpc", method: "POST", status: 200 })]);
  });

  it("carries the request id into the route's own log lines (an unexpected SQL failure)", async () => {
    const admin = openDatabase({ databaseUrl, sqliteFile: "" });
    try {
      await sql`alter table capsules rename to capsules_hidden_by_test`.execute(admin.db);
      const failed = await fetch(`${stack.baseUrl}${pathOf(capsuleRead, { id: 1 })}`, { headers: { "x-request-id": "ops-req-sql-failure" } });
      expect(failed.status).toBe(500);
      expect(failed.headers.get("x-request-id")).toBe("ops-req-sql-failure");
      expect(await failed.json()).toMatchObject({ ok: false, error: "INTERNAL_ERROR", statusCode: 500 });
    } finally {
      await sql`alter table capsules_hidden_by_test rename to capsules`.execute(admin.db);
      await admin.close();
    }
    const lines = () => logLines().filter((l) => l.reqId === "ops-req-sql-failure");
    await eventually(() => lines().length >= 2, "the route's error line and the access line");
    expect(lines().map((l) => `${String(l.level)} ${String(l.scope)}`).sort()).toEqual(["error route", "info http"]);
  });
});

describe("no secret in any log line", () => {
  it("drives the logging error paths with secrets configured and finds none of them in the output", async () => {
    const api = bridgeClient(stack.baseUrl);
    // Signed requests: the tokens must not be printed, valid or not.
    for (let i = 0; i < 3; i++) {
      const body = "{}";
      const token = await signedToken(devKeys[2], authCheck.action, pathOf(authCheck), body);
      sentTokens.push(token);
      expect((await api.rawAt(authCheck, undefined, "POST", { body, token })).status).toBe(200);
      expect((await api.rawAt(authCheck, undefined, "POST", { body, token })).status).toBe(401); // replay
    }
    const forged = `${Buffer.from(JSON.stringify({ v: 1, secret: QUERY_SECRET })).toString("base64url")}.0x${"ab".repeat(65)}`;
    sentTokens.push(forged);
    expect((await api.rawAt(authCheck, undefined, "POST", { body: "{}", token: forged })).status).toBe(401);
    expect((await fetch(`${stack.baseUrl}${pathOf(capsuleList)}?apikey=${QUERY_SECRET}&token=${QUERY_SECRET}`)).status).toBeLessThan(500);
    expect((await fetch(`${stack.baseUrl}/metrics`, { headers: { "x-forwarded-for": "198.51.100.1", authorization: `Bearer ${QUERY_SECRET}` } })).status).toBe(401);
    expect((await fetch(`${stack.baseUrl}/rpc/testnet`, { method: "POST", headers: { "content-type": "application/json" }, body: '{"jsonrpc":"2.0","id":1,"method":"eth_chainId"}' })).status).toBeLessThan(500);

    const admin = openDatabase({ databaseUrl, sqliteFile: "" });
    try {
      // The bounty service cannot read its tables: it logs the failure.
      await sql`alter table bounty_proposals rename to bounty_proposals_hidden`.execute(admin.db);
      expect((await fetch(`${stack.bountyUrl}/v1/bounty-proposals`)).status).toBeGreaterThanOrEqual(500);
      await sql`alter table bounty_proposals_hidden rename to bounty_proposals`.execute(admin.db);
      expect((await fetch(`${stack.bountyUrl}/v1/bounty-proposals`)).status).toBe(200);
      // PostgreSQL drops the server's idle connections: the pool logs it.
      await sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = ${pg.name} and pid <> pg_backend_pid()`.execute(admin.db);
    } finally {
      await admin.close();
    }
    await eventually(() => logLines().some((l) => l.scope === "db"), "the dropped-connection line");
    // the pool reconnects: a request may still meet a pooled connection whose end the server has
    // not processed yet (a busy host) and fail once, then the health check answers 200 again
    await eventually(async () => (await fetch(`${stack.baseUrl}${pathOf(health)}`)).status === 200, "health 200 on fresh connections", 15_000);

    // The chain node goes away: the WebSocket gateway, the indexer and the health check notice.
    const ws = new WebSocket(`${stack.baseUrl.replace(/^http/, "ws")}/ws`);
    await new Promise((resolve, reject) => (ws.once("open", resolve), ws.once("error", reject)));
    const first = new Promise((resolve) => ws.once("message", resolve));
    ws.send(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_subscribe", params: ["newHeads"] }));
    await first;
    const closed = new Promise<number>((resolve) => ws.once("close", (code) => resolve(code)));
    killAnvilOnPort(Number(new URL(stack.nodeRpcUrl).port));
    expect(await closed).toBe(1011);
    expect((await fetch(`${stack.baseUrl}${pathOf(health)}`)).status).toBe(503);
    await fetch(`${stack.baseUrl}${pathOf(networkStatus)}`);
    await eventually(() => logLines().some((l) => l.scope === "ws-gateway"), "the gateway's line");

    // Scripts that fail with the same secrets in their configuration.
    const bad = new URL(databaseUrl);
    bad.pathname = "/no_such_database_for_ops";
    const env = { CAPSULE_DATA_DIR: stack.dataDir, DATABASE_URL: bad.toString(), CAPSULE_OPERATOR_KEY: OPERATOR_KEY, CAPSULE_METRICS_TOKEN: METRICS_TOKEN };
    for (const [script, args] of [["migrate.ts", []], ["migrate.ts", ["--check"]], ["backup.ts", [`${stack.dataDir}/never.tar.gz`]]] as const) {
      const result = runScript(script, [...args], env);
      expect(result.status, result.output).not.toBe(0);
      expect(result.output).toContain("no_such_database_for_ops");
      scriptOutputs.push(result.output);
    }

    const scopes = new Set(logLines().map((l) => String(l.scope)));
    for (const scope of ["http", "route", "db", "bounty", "ws-gateway"]) expect(scopes, scope).toContain(scope);
    const everything = [stack.output(), ...scriptOutputs].join("\n");
    const secrets = [PG_PASSWORD, METRICS_TOKEN, OPERATOR_KEY, OPERATOR_KEY.slice(2), OPERATOR_KEY.slice(2).toUpperCase(), API_KEY, PATH_KEY, QUERY_SECRET, ...sentTokens, ...sentTokens.map((t) => t.split(".")[1] ?? t)];
    for (const secret of secrets) expect(everything.includes(secret), `a secret (${secret.slice(0, 6)}…) appears in the output`).toBe(false);
  });
});

/** Ends the stack's anvil (a process this test started through the stack), found by its --port argument. */
function killAnvilOnPort(port: number): void {
  for (const pid of fs.readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    let args: string[];
    try {
      args = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
    } catch {
      continue;
    }
    const at = args.indexOf("--port");
    if (args.some((a) => a.endsWith("anvil") || a.endsWith("anvil.exe") || a.endsWith("bin.mjs")) && at >= 0 && args[at + 1] === String(port)) {
      process.kill(Number(pid), "SIGKILL");
      return;
    }
  }
  throw new Error(`no anvil process listens on port ${port}`);
}
