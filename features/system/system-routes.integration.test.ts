import { afterAll, beforeAll, describe, expect, it } from "vitest";
import http from "node:http";
import { privateKeyToAccount } from "viem/accounts";
import { devKeys } from "@/test/support/anvil";
import { pathOf } from "@/lib/api/request";
import { authCheck } from "@/lib/auth/check.endpoint";
import { capsuleAccept } from "@/features/capsules/accept.endpoint";
import { capsuleCreate } from "@/features/capsules/create.endpoint";
import { capsuleVote } from "@/features/voting/vote.endpoint";
import { DRAFT_READ_ACTION } from "@/lib/endpoints/define";
import { actionKeys } from "@/features/operator/action-keys.endpoint";
import { canonicalEnv } from "@/features/operator/canonical-env.endpoint";
import { contractsSummary } from "@/features/operator/contracts-summary.endpoint";
import { envKeys } from "@/features/operator/env-keys.endpoint";
import { outletCreate } from "@/features/outlets/create.endpoint";
import { roleGrant } from "@/features/roles/grant.endpoint";
import { config } from "@/features/system/config.endpoint";
import { health } from "@/features/system/health.endpoint";
import { networkStatus } from "@/features/system/network-status.endpoint";
import { bridgeClient, signedToken, type WireAnswer } from "@/test/support/bridge-client";
import { dialectsUnderTest, startStack, type Stack } from "@/test/support/stack";
import { createTestDatabase } from "@/test/support/postgres";
import { awayFromWindowEdge } from "@/test/support/rate-window";

const dialects = await dialectsUnderTest();
const operatorKey = devKeys[7];
const dbPassword = "Pw-4f9c2e7a-never-shown";
// the bridge's upstream to the bounty service, with a credential and a token in it (nothing here reads bounty routes)
const bountyHost = "bounty-upstream.internal.example";
const bountySecrets = ["Bounty-pw-7d1e-never-shown", "Bounty-token-52ab-never-shown"];
const bountyApiUrl = `http://bounty-reader:${bountySecrets[0]}@${bountyHost}:46331/?token=${bountySecrets[1]}`;
// the bridge's path prefix, for the probes of paths no descriptor has
const apiRoot = pathOf(health).replace(/\/health$/, "");

async function rpc(url: string, method: string, params: unknown[] = []) {
  const response = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }) });
  return ((await response.json()) as { result: string }).result;
}

describe.each(dialects)("system routes and the route wrapper on %s", (dialect) => {
  let stack: Stack;
  let api: ReturnType<typeof bridgeClient>;
  let dropDatabase: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    const env: Record<string, string> = {
      CAPSULE_OPERATOR_KEY: operatorKey,
      CAPSULE_TRUST_PROXY: "1",
      CAPSULE_RATE_PUBLIC_GET_PER_MIN: "40",
      CAPSULE_RATE_WRITE_PER_MIN: "6",
      BOUNTY_API_URL: bountyApiUrl,
    };
    let databaseUrl: string | undefined;
    if (dialect === "postgres") {
      // trust auth ignores the password, so it can be a known secret to look for in the output
      const created = await createTestDatabase();
      dropDatabase = created.drop;
      const url = new URL(created.url);
      url.password = dbPassword;
      databaseUrl = url.toString();
    }
    stack = await startStack({ database: dialect, env, databaseUrl });
    api = bridgeClient(stack.baseUrl);
  });
  afterAll(async () => {
    await stack?.stop();
    await dropDatabase?.();
  });

  it("GET /api/health answers the seed's health record", async () => {
    const { status, body } = await api.send(health, {});
    expect(status).toBe(200);
    expect(body).toEqual({ status: "ok", service: "capsule-bridge", network: "capsule-local", chainId: 77117002 });
  });

  it("GET /api/config points clients at the public gateway, not the internal node", async () => {
    const { body } = await api.send(config, {});
    expect(body).toEqual({ service: "capsule-bridge", network: "capsule-local", chainId: 77117002, rpcUrl: `${stack.baseUrl}/rpc` });
  });

  it("GET /api/network/status reports the node, the chain id and the indexer", async () => {
    let body: Record<string, any> = {};
    for (let i = 0; i < 40; i++) {
      body = (await api.send(networkStatus, {})).body;
      if (body.indexer?.lastIndexedBlock !== null) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(body).toMatchObject({ ok: true, chainId: 77117002, chainIdHex: "0x498b64a", contractsDeployed: true });
    expect(body.node).toMatchObject({ reachable: true, chainIdMatches: true });
    expect(Number(body.node.blockNumber)).toBeGreaterThan(0);
    expect(body.indexer.enabled).toBe(true);
    expect(Number(body.indexer.lastIndexedBlock)).toBeGreaterThan(0);
    expect(body.indexer.lagBlocks).toBeGreaterThanOrEqual(0);
  });

  it("GET /api/meta/contracts-summary lists deployed contracts that have code on chain", async () => {
    const { body } = await api.send(contractsSummary, {});
    expect(body.deployed).toBe(true);
    expect(body.chainId).toBe(77117002);
    const names = Object.keys(body.contracts).sort();
    expect(names).toEqual(
      ["articleRegistry", "burnPool", "capsuleAcceptance", "foundationVault", "integrityCourt", "integrityTreasury", "juryCourt", "licenceEscrow", "mediaValidatorsVault", "roleRegistry", "validatorsVault", "vaultOperatorsVault"].sort(),
    );
    for (const name of names) {
      const code = await rpc(stack.nodeRpcUrl, "eth_getCode", [body.contracts[name].address, "latest"]);
      expect(code.length, `${name} has code`).toBeGreaterThan(2);
    }
    expect(body.deployment.deployer).toBe(privateKeyToAccount(operatorKey).address);
    expect(body.events.map((e: { name: string }) => e.name)).toEqual(["CapsuleSubmitted", "CapsuleAccepted", "VoteCast"]);
    expect(body.environment.database).toBe(dialect);
  });

  it("GET /api/meta/action-keys lists every signed action with its route", async () => {
    const { body } = await api.send(actionKeys, {});
    const items = body.items as Array<{ name: string; method: string; path: string }>;
    const names = items.map((i) => i.name);
    for (const name of [authCheck, outletCreate, roleGrant, capsuleCreate, capsuleVote, capsuleAccept].map((e) => e.action)) {
      expect(names).toContain(name);
    }
    expect(items.every((i) => i.path.startsWith(`${apiRoot}/`))).toBe(true);
    // signed writes are POSTs; the one signed read (drafts are private) is a GET on the capsule routes
    expect(items.filter((i) => i.method !== "POST").map((i) => i.name)).toEqual([DRAFT_READ_ACTION]);
  });

  it("GET /api/meta/env-keys and /canonical-env name keys and redact secrets", async () => {
    const keys = await api.send(envKeys, {});
    const operator = (keys.body.items as Array<{ name: string; secret: boolean; set: boolean }>).find((k) => k.name === "CAPSULE_OPERATOR_KEY");
    expect(operator).toMatchObject({ secret: true, set: true });
    const env = await api.send(canonicalEnv, {});
    expect(env.body.env.CAPSULE_OPERATOR_KEY).toBe("[redacted]");
    expect(env.body.env.CAPSULE_CHAIN_ID).toBe("77117002");
    expect(env.body.redacted).toContain("CAPSULE_OPERATOR_KEY");
    if (dialect === "postgres") expect(env.body.env.DATABASE_URL).toBe("[redacted]");
    // operator-internal: not even its host, let alone its user, password or token
    expect(env.body.env.BOUNTY_API_URL).toBe("[internal]");
    expect(env.body.redacted).toContain("BOUNTY_API_URL");
    for (const part of [bountyHost, "bounty-reader", ...bountySecrets]) expect(env.text).not.toContain(part);
  });

  it("never shows the operator key or the database password in a response or a log line", async () => {
    const bodies: string[] = [];
    for (const endpoint of [health, config, networkStatus, contractsSummary, envKeys, actionKeys, canonicalEnv]) bodies.push((await api.send(endpoint, {})).text);
    for (const page of ["/", "/operator"]) bodies.push((await api.get(page)).text);
    const everything = bodies.join("\n") + stack.output();
    const bare = operatorKey.slice(2).toLowerCase();
    expect(everything.toLowerCase()).not.toContain(bare);
    expect(everything).not.toContain(dbPassword);
    for (const secret of bountySecrets) expect(everything).not.toContain(secret);
  });

  describe("the signed-action route wrapper (POST /api/auth/check)", () => {
    const path = pathOf(authCheck);

    it("accepts a fresh wallet-signed token and answers who signed it", async () => {
      const { status, body } = await api.send(authCheck, { body: { note: "hello" } }, devKeys[1]);
      expect(status).toBe(200);
      expect(body).toEqual({ ok: true, wallet: privateKeyToAccount(devKeys[1]).address, session: "wallet", note: "hello" });
    });

    it.each([
      ["no token", undefined, 401, "UNAUTHORIZED"],
      ["a garbage token", "Bearer nonsense", 401, "UNAUTHORIZED"],
    ])("refuses %s with %s %s in the seed's error shape", async (_name, authorization, status, code) => {
      const response = await api.raw("POST", path, { body: "{}", headers: authorization ? { authorization } : {} });
      expect(response.status).toBe(status);
      expect(response.body).toEqual({ ok: false, error: code, message: expect.any(String), statusCode: status });
    });

    it("answers INVALID_SIGNATURE for a token signed by another key", async () => {
      const body = "{}";
      const token = await signedToken(devKeys[2], authCheck.action, path, body);
      const [payload, signature] = token.split(".") as [string, string];
      const decoded = JSON.parse(Buffer.from(payload, "base64url").toString()) as Record<string, unknown>;
      decoded.wallet = privateKeyToAccount(devKeys[3]).address;
      const forged = `${Buffer.from(JSON.stringify(decoded)).toString("base64url")}.${signature}`;
      const response = await api.raw("POST", path, { body, token: forged });
      expect(response.status).toBe(401);
      expect(response.body).toMatchObject({ ok: false, error: "INVALID_SIGNATURE", statusCode: 401 });
    });

    it("refuses a replayed token", async () => {
      const body = "{}";
      const token = await signedToken(devKeys[2], authCheck.action, path, body);
      expect((await api.raw("POST", path, { body, token })).status).toBe(200);
      const replay = await api.raw("POST", path, { body, token });
      expect(replay.status).toBe(401);
      expect(replay.body).toMatchObject({ error: "UNAUTHORIZED", message: expect.stringMatching(/already been used/) });
    });

    it("refuses a token for another action or path", async () => {
      const body = "{}";
      const token = await signedToken(devKeys[2], outletCreate.action, path, body);
      expect((await api.raw("POST", path, { body, token })).body).toMatchObject({ error: "UNAUTHORIZED", message: expect.stringContaining(`is for '${outletCreate.action}'`) });
    });

    it("answers malformed JSON with 400 VALIDATION_ERROR", async () => {
      const response = await api.postRaw(authCheck, undefined, devKeys[4], "{not json");
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ ok: false, error: "VALIDATION_ERROR", message: "Request body is not valid JSON", statusCode: 400, issues: [{ path: "(body)", message: "malformed JSON" }] });
    });

    it("answers a bad field with 400 VALIDATION_ERROR naming it", async () => {
      const response = await api.send(authCheck, { body: { note: "x".repeat(201), extra: true } as never }, devKeys[4]); // fields the body schema refuses
      expect(response.status).toBe(400);
      const issues = (response.body as { issues: Array<{ path: string }> }).issues.map((i) => i.path).sort();
      expect(issues).toEqual(["(body)", "note"]);
    });

    it("answers a body over 1 MB with 413", async () => {
      const response = await api.postRaw(authCheck, undefined, devKeys[4], { note: "x".repeat(1_100_000) });
      expect(response.status).toBe(413);
      expect(response.body).toMatchObject({ ok: false, error: "PAYLOAD_TOO_LARGE", statusCode: 413 });
    });

    it("limits signed writes per session and answers 429 with Retry-After", async () => {
      const statuses: number[] = [];
      let last: WireAnswer | undefined;
      for (let i = 0; i < 7; i++) {
        last = await api.send(authCheck, { body: {} }, devKeys[5]);
        statuses.push(last.status);
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429]);
      expect(last?.body).toMatchObject({ ok: false, error: "RATE_LIMITED", statusCode: 429 });
      expect(Number(last?.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(last?.headers.get("ratelimit-limit")).toBe("6");
    });
  });

  it("limits public GETs per client IP and answers 429 with Retry-After and RateLimit headers", async () => {
    const ip = { "x-forwarded-for": "203.0.113.7" };
    await awayFromWindowEdge();
    const statuses: number[] = [];
    let last: WireAnswer | undefined;
    for (let i = 0; i < 41; i++) {
      last = await api.send(health, {}, undefined, ip);
      statuses.push(last.status);
    }
    expect(statuses.slice(0, 40).every((s) => s === 200)).toBe(true);
    expect(statuses[40]).toBe(429);
    expect(last?.body).toMatchObject({ ok: false, error: "RATE_LIMITED", statusCode: 429 });
    expect(Number(last?.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(last?.headers.get("ratelimit-remaining")).toBe("0");
    expect((await api.send(health, {}, undefined, { "x-forwarded-for": "203.0.113.8" })).status).toBe(200);
  });

  it("limits WebSub hub requests per client IP like other unsigned writes", async () => {
    const ip = "203.0.113.9";
    const hub = () =>
      fetch(`${stack.baseUrl}/websub`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": ip },
        body: new URLSearchParams({ "hub.mode": "subscribe", "hub.topic": `${stack.baseUrl}/feed.xml`, "hub.callback": "http://10.0.0.7/callback" }).toString(),
      });
    await awayFromWindowEdge();
    const answers: Response[] = [];
    for (let i = 0; i < 7; i++) answers.push(await hub());
    // the callback is refused (a private address), but only after the request was counted
    expect(answers.map((a) => a.status)).toEqual([400, 400, 400, 400, 400, 400, 429]);
    expect(answers[0]!.headers.get("ratelimit-limit")).toBe("6");
    expect(await answers[6]!.json()).toMatchObject({ ok: false, error: "RATE_LIMITED", statusCode: 429 });
    expect(Number(answers[6]!.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("stops reading a WebSub hub request at its 8 KiB cap: 413 while the body is still arriving", async () => {
    // a form body that never ends, chunked or with a large declared length: the hub must answer without waiting for the rest
    const unfinished = (headers: Record<string, string>) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const request = http.request(`${stack.baseUrl}/websub`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": "203.0.113.10", ...headers } }, (response) => {
          let body = "";
          response.setEncoding("utf8");
          response.on("data", (chunk: string) => (body += chunk));
          response.on("end", () => {
            request.destroy();
            resolve({ status: response.statusCode ?? 0, body });
          });
        });
        request.on("error", reject);
        request.write(`hub.mode=subscribe&hub.topic=${"x".repeat(64 * 1024)}`);
      });
    for (const answer of [await unfinished({}), await unfinished({ "content-length": String(64 * 1024 * 1024) })]) {
      expect(answer.status, answer.body).toBe(413);
      expect(JSON.parse(answer.body)).toMatchObject({ ok: false, error: "PAYLOAD_TOO_LARGE", statusCode: 413 });
    }
  }, 30_000);

  it("tells browsers never to guess an answer's type nor to name the page to other sites: routes, early answers, pages and the gateway", async () => {
    const answers = await Promise.all([
      fetch(`${stack.baseUrl}${pathOf(health)}`),
      fetch(`${stack.baseUrl}${apiRoot}/does-not-exist`),
      fetch(`${stack.baseUrl}${pathOf(health)}`, { method: "PATCH" }),
      fetch(`${stack.baseUrl}/`),
      fetch(`${stack.baseUrl}/rpc`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_chainId", params: [] }) }),
    ]);
    expect(answers.map((r) => r.status)).toEqual([200, 404, 405, 200, 200]);
    for (const answer of answers) {
      expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
      expect(answer.headers.get("referrer-policy")).toBe("same-origin");
      await answer.arrayBuffer();
    }
  });

  it("answers an unknown API path with a 404 and never a stack trace", async () => {
    const response = await api.get(`${apiRoot}/does-not-exist`);
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ ok: false, error: "NOT_FOUND", message: `No bridge route at GET ${apiRoot}/does-not-exist`, statusCode: 404 });
    expect(response.text).not.toMatch(/at .*\.(ts|js):\d+/);
  });
});
