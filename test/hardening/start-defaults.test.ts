import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import type { Hex } from "viem";
import type { AnvilHandle } from "@/lib/chain/anvil-process";
import { buildSessionMessage } from "@/lib/auth/session-delegation";
import { pathOf } from "@/lib/api/request";
import { sessionKeySigner } from "@/lib/api/signers";
import { adCampaigns } from "@/features/ads/campaigns.endpoint";
import { authNonce } from "@/lib/auth/nonce.endpoint";
import { authSession } from "@/lib/auth/session.endpoint";
import { authSessionRevoke } from "@/lib/auth/session-revoke.endpoint";
import { bountyProposals } from "@/features/bounty/proposals.endpoint";
import { canonicalEnv } from "@/features/operator/canonical-env.endpoint";
import { devKeys, startTestAnvil } from "@/test/support/anvil";
import { bridgeClient } from "@/test/support/bridge-client";
import { dialectsUnderTest, startRefusal, startStack, type Stack } from "@/test/support/stack";

// Issue 15 against a running `npm start` on an external chain node (not the bundled anvil):
// finding 8 — a public development key is refused, sample data is not loaded (SQLite or PostgreSQL);
// finding 5 — provider keys in URL settings are masked in /api/meta/canonical-env and in the output;
// finding 1 — a message signed for evil.example and posted with Host: evil.example opens no session;
// finding 7 — over HTTP, a session key cannot sign out the wallet's other sessions.

const dialects = await dialectsUnderTest();
let anvil: AnvilHandle;

beforeAll(async () => {
  anvil = await startTestAnvil();
});
afterAll(async () => {
  await anvil?.stop();
});

describe("npm start on an external chain node", () => {
  it("refuses to start when the operator key would default to anvil's public key, and says how to set one", async () => {
    const output = await startRefusal({ CAPSULE_NODE_RPC_URL: anvil.rpcUrl });
    expect(output).toMatch(/exited with code 1/);
    expect(output).toContain("[capsule] start failed: CAPSULE_OPERATOR_KEY is not set, so it would default to anvil's public development key #0");
    expect(output).toContain("randomBytes(32)");
  });

  it("refuses any of anvil's ten public keys without printing it", async () => {
    const output = await startRefusal({ CAPSULE_NODE_RPC_URL: anvil.rpcUrl, CAPSULE_OPERATOR_KEY: devKeys[3] });
    expect(output).toContain("CAPSULE_OPERATOR_KEY is anvil's public development key #3");
    expect(output).not.toContain(devKeys[3].slice(2));
  });
});

/** A raw POST with a chosen Host header (fetch would not let a test set it). */
function postWithHost(baseUrl: string, path: string, host: string, body: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const url = new URL(path, baseUrl);
  return new Promise((resolve, reject) => {
    const request = http.request({ hostname: url.hostname, port: url.port, path: url.pathname, method: "POST", headers: { host, "content-type": "application/json", "content-length": Buffer.byteLength(body) } }, (response) => {
      let text = "";
      response.on("data", (chunk: Buffer) => (text += chunk.toString()));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) as Record<string, unknown> }));
    });
    request.once("error", reject);
    request.end(body);
  });
}

describe.each(dialects)("a production-like start on %s", (dialect) => {
  const operatorKey = generatePrivateKey();
  const wallet = privateKeyToAccount(devKeys[6]);
  let stack: Stack;
  let api: ReturnType<typeof bridgeClient>;

  beforeAll(async () => {
    await fetch(anvil.rpcUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "anvil_setBalance", params: [privateKeyToAccount(operatorKey).address, "0x3635C9ADC5DEA00000"] }),
    });
    stack = await startStack({
      database: dialect,
      env: {
        CAPSULE_NODE_RPC_URL: anvil.rpcUrl,
        CAPSULE_OPERATOR_KEY: operatorKey,
        CAPSULE_TESTNET_RPC_URL: "http://testnet.example.net:8545/?apikey=SECRETKEY123",
        CAPSULE_ARCHIVE_RPC_URL: "https://mainnet.infura.io/v3/9aa3d95b3bc440fa88ea12eaa4456161",
        CAPSULE_INDEXER: "off",
      },
    });
    api = bridgeClient(stack.baseUrl);
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it("loads no sample bounties or ad campaigns and says so", async () => {
    expect(stack.output()).toContain("sample data not loaded (not the bundled anvil; CAPSULE_DEMO_DATA=1 would load it)");
    const proposals = await api.send(bountyProposals, {});
    expect(proposals.status).toBe(200);
    expect(proposals.body.items).toEqual([]);
    const campaigns = await api.send(adCampaigns, {});
    expect(campaigns.body.total).toBe(0);
  });

  it("hides upstream URLs in canonical-env and never prints their keys", async () => {
    const env = await api.send(canonicalEnv, {});
    expect(env.body.env.CAPSULE_TESTNET_RPC_URL).toBe("[internal]");
    expect(env.body.env.CAPSULE_ARCHIVE_RPC_URL).toBe("[internal]");
    expect(env.body.redacted).toEqual(expect.arrayContaining(["CAPSULE_TESTNET_RPC_URL", "CAPSULE_ARCHIVE_RPC_URL", "CAPSULE_OPERATOR_KEY"]));
    const everything = JSON.stringify(env.body) + stack.output();
    for (const secret of ["SECRETKEY123", "9aa3d95b3bc440fa88ea12eaa4456161", operatorKey.slice(2)]) expect(everything).not.toContain(secret);
  });

  async function signedSession(domain: string, origin: string) {
    const sessionKey = generatePrivateKey();
    const { nonce } = await api.call(authNonce, {});
    const message = buildSessionMessage({ domain, origin, wallet: wallet.address, sessionKey: privateKeyToAccount(sessionKey).address, nonce, issuedAt: new Date(), lifetimeSeconds: 3600 });
    return { sessionKey, message, signature: await wallet.signMessage({ message }) };
  }

  it("takes the sign-in domain from configuration, never from Host", async () => {
    const port = new URL(stack.baseUrl).port;
    expect(stack.output()).toContain(`sign-in accepted for http://127.0.0.1:${port}, http://localhost:${port}, http://[::1]:${port}`);
    const evil = await signedSession("evil.example", "https://evil.example");
    const refused = await postWithHost(stack.baseUrl, pathOf(authSession), "evil.example", JSON.stringify({ message: evil.message, signature: evil.signature }));
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ ok: false, error: "UNAUTHORIZED", statusCode: 401, message: expect.stringMatching(/evil\.example; this server accepts sign-in for 127\.0\.0\.1/) });
    const good = await signedSession(`localhost:${port}`, `http://localhost:${port}`);
    const accepted = await postWithHost(stack.baseUrl, pathOf(authSession), "evil.example", JSON.stringify({ message: good.message, signature: good.signature }));
    expect(accepted.status).toBe(201);
  });

  it("lets a session key sign out only its own session (403 for another)", async () => {
    const host = new URL(stack.baseUrl).host;
    const register = async () => {
      const s = await signedSession(host, stack.baseUrl);
      const answer = await api.send(authSession, { body: { message: s.message, signature: s.signature } });
      expect(answer.status).toBe(201);
      return { ...s, sessionId: answer.body.sessionId as string };
    };
    const [first, second] = [await register(), await register()];
    const revoke = async (signer: "wallet" | typeof first, body: { sessionId?: string }) =>
      api.send(authSessionRevoke, { body }, signer === "wallet" ? devKeys[6] : sessionKeySigner({ wallet: wallet.address, privateKey: signer.sessionKey, message: signer.message, signature: signer.signature }));
    const denied = await revoke(first, { sessionId: second.sessionId });
    expect(denied.status).toBe(403);
    expect(denied.body).toMatchObject({ ok: false, error: "FORBIDDEN", statusCode: 403 });
    expect((await revoke("wallet", { sessionId: second.sessionId })).body).toMatchObject({ ok: true, revoked: true, sessionId: second.sessionId });
    expect((await revoke(first, {})).body).toMatchObject({ ok: true, revoked: true, sessionId: first.sessionId });
  });
});
