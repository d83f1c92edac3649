import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import type { Hex } from "viem";
import { sessionKeySigner, type ActionSigner } from "@/lib/api/signers";
import { authCheck } from "@/lib/auth/check.endpoint";
import { authNonce } from "@/lib/auth/nonce.endpoint";
import { authSession } from "@/lib/auth/session.endpoint";
import { authSessionRevoke } from "@/lib/auth/session-revoke.endpoint";
import { buildSessionMessage } from "@/lib/auth/session-delegation";
import { devKeys } from "@/test/support/anvil";
import { bridgeClient } from "@/test/support/bridge-client";
import { dialectsUnderTest, startStack, type Stack } from "@/test/support/stack";

const dialects = await dialectsUnderTest();
const wallet = privateKeyToAccount(devKeys[6]);

describe.each(dialects)("session-key delegation (Sign-In with Ethereum) on %s", (dialect) => {
  let stack: Stack;
  let api: ReturnType<typeof bridgeClient>;
  beforeAll(async () => {
    stack = await startStack({ database: dialect });
    api = bridgeClient(stack.baseUrl);
  });
  afterAll(async () => {
    await stack?.stop();
  });

  async function session(options: { domain?: string; lifetime?: number; issuedAt?: Date; signer?: Hex } = {}) {
    const sessionKey = generatePrivateKey();
    const nonce = (await api.call(authNonce, {})).nonce;
    const message = buildSessionMessage({
      domain: options.domain ?? new URL(stack.baseUrl).host,
      origin: stack.baseUrl,
      wallet: wallet.address,
      sessionKey: privateKeyToAccount(sessionKey).address,
      nonce,
      issuedAt: options.issuedAt ?? new Date(),
      lifetimeSeconds: options.lifetime ?? 3600,
    });
    const signature = await privateKeyToAccount(options.signer ?? devKeys[6]).signMessage({ message });
    return { sessionKey, message, signature };
  }

  async function delegatedCall(s: { sessionKey: Hex; message: string; signature: Hex }, signWith: Hex = s.sessionKey) {
    const signer: ActionSigner = { wallet: wallet.address, delegation: { message: s.message, signature: s.signature }, sign: (typed) => privateKeyToAccount(signWith).signTypedData(typed) };
    return api.send(authCheck, { body: {} }, signer);
  }

  it("registers a session once and then accepts tokens signed by the session key", async () => {
    const s = await session();
    const registered = await api.send(authSession, { body: { message: s.message, signature: s.signature } });
    expect(registered.status).toBe(201);
    expect(registered.body).toMatchObject({ ok: true, wallet: wallet.address, sessionKey: privateKeyToAccount(s.sessionKey).address });
    const call = await delegatedCall(s);
    expect(call.status).toBe(200);
    expect(call.body).toMatchObject({ ok: true, wallet: wallet.address, session: "session-key" });
    const again = await api.send(authSession, { body: { message: s.message, signature: s.signature } });
    expect(again.body).toMatchObject({ error: "UNAUTHORIZED", message: expect.stringMatching(/nonce/) });
  });

  it("refuses a session message for another domain, an expired one, or one not signed by its wallet", async () => {
    const wrongDomain = await session({ domain: "evil.example" });
    expect((await api.send(authSession, { body: wrongDomain })).body).toMatchObject({ error: "UNAUTHORIZED", statusCode: 401 });
    const expired = await session({ issuedAt: new Date(Date.now() - 7200_000), lifetime: 3600 });
    expect((await api.send(authSession, { body: expired })).body).toMatchObject({ error: "UNAUTHORIZED", message: expect.stringMatching(/expired/) });
    const forged = await session({ signer: devKeys[8] });
    expect((await api.send(authSession, { body: forged })).body).toMatchObject({ error: "INVALID_SIGNATURE", statusCode: 401 });
  });

  it("refuses a delegated token that was not registered or is signed by another key", async () => {
    const unregistered = await session();
    // a session that will never work says so, for the page to forget its key and offer sign-in again
    expect((await delegatedCall(unregistered)).body).toMatchObject({ error: "UNAUTHORIZED", message: expect.stringMatching(/Unknown session/), sessionEnded: true });
    const s = await session();
    await api.send(authSession, { body: s });
    const wrongKey = (await delegatedCall(s, generatePrivateKey())).body;
    expect(wrongKey).toMatchObject({ error: "INVALID_SIGNATURE", statusCode: 401 });
    expect(wrongKey).not.toHaveProperty("sessionEnded");
  });

  it("signs out: a revoked session's key is refused afterwards", async () => {
    const s = await session();
    await api.send(authSession, { body: s });
    const revoked = await api.send(authSessionRevoke, { body: {} }, sessionKeySigner({ wallet: wallet.address, privateKey: s.sessionKey, message: s.message, signature: s.signature }));
    expect(revoked.body).toMatchObject({ ok: true, revoked: true });
    expect((await delegatedCall(s)).body).toMatchObject({ error: "UNAUTHORIZED", message: expect.stringMatching(/signed out/), sessionEnded: true });
  });
});
