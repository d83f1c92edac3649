import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { privateKeyToAccount } from "viem/accounts";
import WebSocket from "ws";
import { pathOf } from "@/lib/api/request";
import { authCheck } from "@/lib/auth/check.endpoint";
import { capsuleCreate } from "@/features/capsules/create.endpoint";
import { capsuleEvidence } from "@/features/capsules/evidence.endpoint";
import { capsuleRead } from "@/features/capsules/read.endpoint";
import { health } from "@/features/system/health.endpoint";
import { vaultUpload } from "@/features/vault/upload.endpoint";
import { endpoints } from "@/features/registry";
import { allowOf, matchRoute, routeTable } from "@/lib/endpoints/route-table";
import { devKeys } from "@/test/support/anvil";
import { bridgeClient, signedToken } from "@/test/support/bridge-client";
import { dialectsUnderTest, startStack, type Stack } from "@/test/support/stack";
import { addressBook, answerBeforeBodyEnds, isErrorBody, rawRequest, roomInMinute } from "./support/raw-http";

// The route wrapper's answers for what is not an endpoint call (issue #15 items 2 and 4): unknown
// methods (405 + Allow), malformed URLs, unknown paths and pages counted toward the public GET
// limit, the Authorization header checked before a body is read, failed authentications and signed
// writes limited per client IP. Every 4xx is the seed's error body.

const dialects = await dialectsUnderTest();
const LIMITS = { publicGet: 20, writePerIp: 5, authFailures: 4 };

describe.each(dialects)("the route wrapper's hardening on %s", (dialect) => {
  let stack: Stack;
  let api: ReturnType<typeof bridgeClient>;
  const nextIp = addressBook(dialect === "sqlite" ? 1 : 2);
  const table = routeTable(endpoints);

  beforeAll(async () => {
    stack = await startStack({
      database: dialect,
      env: {
        CAPSULE_TRUST_PROXY: "1",
        CAPSULE_RATE_PUBLIC_GET_PER_MIN: String(LIMITS.publicGet),
        CAPSULE_RATE_WRITE_PER_MIN: "1000",
        CAPSULE_RATE_WRITE_PER_IP_PER_MIN: String(LIMITS.writePerIp),
        CAPSULE_RATE_AUTH_FAILURES_PER_MIN: String(LIMITS.authFailures),
      },
    });
    api = bridgeClient(stack.baseUrl);
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it.each([
    ["GET", pathOf(capsuleCreate)],
    ["PUT", pathOf(capsuleCreate)],
    ["POST", pathOf(health)],
    ["DELETE", pathOf(capsuleRead, { id: 1 })],
    ["PATCH", pathOf(capsuleEvidence, { id: 1 })],
  ])("answers %s %s with 405 METHOD_NOT_ALLOWED and the path's Allow", async (method, path) => {
    const res = await rawRequest(stack.baseUrl, { method, path, headers: nextIp() });
    const allow = allowOf(matchRoute(table, path)?.methods ?? []);
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe(allow);
    expect(res.body).toEqual({ ok: false, error: "METHOD_NOT_ALLOWED", message: expect.stringContaining(allow), statusCode: 405 });
  });

  it("answers OPTIONS with 204 and Allow, HEAD like GET without a body", async () => {
    const options = await rawRequest(stack.baseUrl, { method: "OPTIONS", path: pathOf(capsuleEvidence, { id: 1 }), headers: nextIp() });
    expect(options.status).toBe(204);
    expect(options.headers.allow).toBe("GET, HEAD, OPTIONS, POST");
    const head = await rawRequest(stack.baseUrl, { method: "HEAD", path: pathOf(health), headers: nextIp() });
    expect(head.status).toBe(200);
    expect(head.text).toBe("");
    expect(head.headers["ratelimit-limit"]).toBe(String(LIMITS.publicGet));
  });

  it.each(["TRACE", "PROPFIND"])("answers %s (no router slot) with 405 in the seed's body", async (method) => {
    const api405 = await rawRequest(stack.baseUrl, { method, path: pathOf(health), headers: nextIp() });
    expect(api405.status).toBe(405);
    expect(api405.headers.allow).toBe("GET, HEAD, OPTIONS");
    expect(isErrorBody(api405.body, 405)).toBe(true);
    const page = await rawRequest(stack.baseUrl, { method, path: "/outlets", headers: nextIp() });
    expect(page.status).toBe(405);
    expect(page.headers.allow).toBe("GET, HEAD, OPTIONS");
    const unknown = await rawRequest(stack.baseUrl, { method, path: "/api/no-such-route", headers: nextIp() });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ ok: false, error: "NOT_FOUND", statusCode: 404 });
  });

  it.each(["/api/capsules/%E0%A4%A", "/api/capsules/%", "/api/outlets/%zz/users", "/api/%C0", "/capsules/%E0%A4%A"])(
    "answers the malformed URL %s with 400 VALIDATION_ERROR",
    async (path) => {
      const res = await rawRequest(stack.baseUrl, { method: "GET", path, headers: nextIp() });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ ok: false, error: "VALIDATION_ERROR", message: "The request path is not valid percent-encoding", statusCode: 400, issues: [{ path: "(path)", message: "malformed percent-encoding" }] });
    },
  );

  it("decodes path parameters once: %25 is a 400, %2531 is not capsule 1", async () => {
    for (const path of ["/api/capsules/%25", "/api/capsules/%2531", "/api/capsules/%2531/history", "/api/outlets/%25", "/api/court/case/%2531"]) {
      const res = await rawRequest(stack.baseUrl, { method: "GET", path, headers: nextIp() });
      expect(res.status, path).toBe(400);
      expect(res.body, path).toMatchObject({ ok: false, error: "VALIDATION_ERROR", statusCode: 400 });
    }
  });

  it("answers an unknown /api path with 404 NOT_FOUND and counts it toward the public GET limit", async () => {
    await roomInMinute(20);
    const ip = nextIp();
    for (let i = 0; i < LIMITS.publicGet; i++) {
      const res = await rawRequest(stack.baseUrl, { method: i % 2 ? "POST" : "GET", path: `/api/no-such-route-${i}`, headers: ip });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ ok: false, error: "NOT_FOUND", message: `No bridge route at ${i % 2 ? "POST" : "GET"} /api/no-such-route-${i}`, statusCode: 404 });
      expect(res.headers["ratelimit-remaining"]).toBe(String(LIMITS.publicGet - i - 1));
    }
    const limited = await rawRequest(stack.baseUrl, { method: "GET", path: pathOf(health), headers: ip });
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ ok: false, error: "RATE_LIMITED", statusCode: 429 });
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect((await rawRequest(stack.baseUrl, { method: "GET", path: pathOf(health), headers: nextIp() })).status).toBe(200);
  });

  it("counts unknown pages toward the same limit", async () => {
    await roomInMinute(30);
    const ip = nextIp();
    for (let i = 0; i < LIMITS.publicGet; i++) {
      const res = await rawRequest(stack.baseUrl, { method: "GET", path: `/no-such-page-${i}`, headers: ip });
      expect(res.status).toBe(404);
    }
    const limited = await rawRequest(stack.baseUrl, { method: "GET", path: pathOf(health), headers: ip });
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ error: "RATE_LIMITED" });
  });

  it("leaves WebSocket upgrades on /ws to the gateway after pages were served (no page route claims /ws)", async () => {
    expect((await rawRequest(stack.baseUrl, { method: "GET", path: "/no-such-page-before-ws", headers: nextIp() })).status).toBe(404);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = new WebSocket(`${stack.baseUrl.replace(/^http/, "ws")}/ws`);
      socket.on("open", () => socket.send(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_chainId", params: [] })));
      socket.on("message", (data) => {
        resolve(data.toString());
        socket.close();
      });
      socket.on("close", (code) => reject(new Error(`closed with ${code} before answering`)));
      socket.on("error", reject);
    });
    expect(JSON.parse(answer)).toEqual({ jsonrpc: "2.0", id: 1, result: "0x498b64a" });
  });

  it("refuses a signed route without a token before reading its body (10 MB declared, 64 KiB sent)", async () => {
    const attempts: Array<Record<string, string>> = [{}, { Authorization: "Bearer not-a-token" }, { Authorization: "Basic dXNlcjpwdw==" }];
    for (const headers of attempts) {
      const answer = await answerBeforeBodyEnds(stack.baseUrl, { path: pathOf(vaultUpload), declaredBytes: 10 * 1024 * 1024, sentBytes: 64 * 1024, headers: { ...headers, ...nextIp() } });
      expect(answer.status).toBe(401);
    }
  });

  it("counts failed authentications per client IP and answers 429 before verifying more tokens", async () => {
    await roomInMinute(20);
    const ip = nextIp();
    const path = pathOf(authCheck);
    for (let i = 0; i < LIMITS.authFailures; i++) {
      const forged = await signedToken(devKeys[3]!, authCheck.action, "/api/elsewhere", "{}");
      const res = await rawRequest(stack.baseUrl, { method: "POST", path, body: "{}", headers: { ...ip, authorization: `Bearer ${forged}` } });
      expect(res.status).toBe(401);
      expect(isErrorBody(res.body, 401)).toBe(true);
    }
    const valid = await signedToken(devKeys[3]!, authCheck.action, path, "{}");
    const limited = await rawRequest(stack.baseUrl, { method: "POST", path, body: "{}", headers: { ...ip, authorization: `Bearer ${valid}` } });
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ ok: false, error: "RATE_LIMITED", statusCode: 429, message: expect.stringMatching(/failed authentications/) });
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    // the same valid token from another address is accepted (it was never consumed)
    const elsewhere = await rawRequest(stack.baseUrl, { method: "POST", path, body: "{}", headers: { ...nextIp(), authorization: `Bearer ${valid}` } });
    expect(elsewhere.status).toBe(200);
  });

  it("caps signed writes per client IP on top of the per-session limit", async () => {
    await roomInMinute(20);
    const ip = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i <= LIMITS.writePerIp; i++) {
      const res = await api.send(authCheck, { body: { note: `wallet ${i}` } }, devKeys[i]!, ip);
      statuses.push(res.status);
      if (res.status === 429) expect(res.body).toMatchObject({ ok: false, error: "RATE_LIMITED", message: expect.stringMatching(/bridge-write-ip/) });
    }
    expect(statuses).toEqual([...Array<number>(LIMITS.writePerIp).fill(200), 429]);
    const other = await api.send(authCheck, { body: {} }, devKeys[LIMITS.writePerIp + 1]!, nextIp());
    expect(other.status).toBe(200);
    expect(other.body).toMatchObject({ wallet: privateKeyToAccount(devKeys[LIMITS.writePerIp + 1]!).address });
  });
});
