import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import type { Hex } from "viem";
import { authCheck } from "@/lib/auth/check.endpoint";
import { authNonce } from "@/lib/auth/nonce.endpoint";
import { authSession } from "@/lib/auth/session.endpoint";
import { pathOf } from "@/lib/api/request";
import { buildSessionMessage } from "@/lib/auth/session-delegation";
import { devKeys } from "@/test/support/anvil";
import { bridgeClient, signedToken } from "@/test/support/bridge-client";
import { dialectsUnderTest, startStack, type Stack } from "@/test/support/stack";

// Attacker review: what the bridge's JSON body reader (lib/http/request-body.ts) takes. A lone UTF-16
// surrogate ("\ud800" in the JSON text) parses but is no character: refused with 400 before any
// handler runs (docs/DECISIONS.md, "Lone surrogates in JSON bodies are refused"). A body declared as
// anything but JSON (text/plain, a form: what a page on another site can send without asking) is 415
// (docs/DECISIONS.md, "Request bodies must be declared JSON").

const dialects = await dialectsUnderTest();
const walletKey = devKeys[6] as Hex;
const wallet = privateKeyToAccount(walletKey);

describe.each(dialects)("JSON bodies on %s", (dialect) => {
  let stack: Stack;
  let api: ReturnType<typeof bridgeClient>;

  beforeAll(async () => {
    stack = await startStack({ database: dialect, env: { CAPSULE_RATE_WRITE_PER_MIN: "1000", CAPSULE_RATE_PUBLIC_GET_PER_MIN: "1000" } });
    api = bridgeClient(stack.baseUrl);
  }, 300_000);
  afterAll(async () => {
    await stack?.stop();
  });

  /** A sign-in body for a fresh nonce and session key; `edit` changes the message before the wallet signs it. */
  async function signIn(edit: (message: string) => string = (m) => m) {
    const nonce = (await api.call(authNonce, {})).nonce;
    const message = edit(
      buildSessionMessage({
        domain: new URL(stack.baseUrl).host,
        origin: stack.baseUrl,
        wallet: wallet.address,
        sessionKey: privateKeyToAccount(generatePrivateKey()).address,
        nonce,
        issuedAt: new Date(),
        lifetimeSeconds: 600,
      }),
    );
    return { message, signature: await wallet.signMessage({ message }) };
  }

  describe("lone surrogates", () => {
    it("refuses a lone surrogate in a string with 400 VALIDATION_ERROR naming the field", async () => {
      for (const text of ['{"note":"\\ud800"}', '{"note":"before \\uDFFF after"}', '{"note":"\\udc00\\ud800"}']) {
        const res = await api.postRaw(authCheck, undefined, walletKey, text);
        expect(res.status, `${text}: ${res.text}`).toBe(400);
        expect(res.body).toMatchObject({ ok: false, error: "VALIDATION_ERROR", statusCode: 400, message: "Request body is not valid Unicode: note", issues: [{ path: "note", message: expect.stringMatching(/lone UTF-16 surrogate/) }] });
      }
    });

    it("refuses a lone surrogate in a key", async () => {
      const res = await api.postRaw(authCheck, undefined, walletKey, '{"\\ud800":"x"}');
      expect(res.status, res.text).toBe(400);
      expect(res.body).toMatchObject({ error: "VALIDATION_ERROR", message: expect.stringMatching(/^Request body is not valid Unicode/) });
    });

    it("stores nothing: a sign-in whose message holds one opens no session and leaves its nonce unused", async () => {
      const lone = await signIn((m) => m.replace("Authorize session key", "Authorize \ud800 session key"));
      const res = await api.rawAt(authSession, undefined, "POST", { body: JSON.stringify(lone) });
      expect(JSON.stringify(lone)).toContain("\\ud800");
      expect(res.status, res.text).toBe(400);
      expect(res.body).toMatchObject({ error: "VALIDATION_ERROR", issues: [{ path: "message" }] });
      // the same nonce still signs in: the refused request never reached the session service
      const nonce = /^Nonce: (.+)$/m.exec(lone.message)![1]!;
      const clean = await signIn((m) => m.replace(/^Nonce: .+$/m, `Nonce: ${nonce}`));
      const accepted = await api.send(authSession, { body: clean });
      expect(accepted.status, accepted.text).toBe(201);
    });

    it("accepts surrogate pairs, escaped or written out, and an escaped backslash before u", async () => {
      const pair = await api.postRaw(authCheck, undefined, walletKey, '{"note":"\\ud83d\\ude00 😀"}');
      expect(pair.status, pair.text).toBe(200);
      expect(pair.body.note).toBe("😀 😀");
      const backslash = await api.postRaw(authCheck, undefined, walletKey, '{"note":"\\\\ud800"}');
      expect(backslash.status, backslash.text).toBe(200);
      expect(backslash.body.note).toBe("\\ud800");
    });
  });

  describe("Content-Type of a body", () => {
    const unsupported = (res: { status: number; body: unknown; text: string }) => {
      expect(res.status, res.text).toBe(415);
      expect(res.body).toMatchObject({ ok: false, error: "UNSUPPORTED_MEDIA_TYPE", statusCode: 415, message: expect.stringMatching(/Content-Type: application\/json/) });
    };

    it("refuses a sign-in sent as text/plain (what a page elsewhere can post unasked) with 415, leaving its nonce unused", async () => {
      const body = JSON.stringify(await signIn());
      unsupported(await api.rawAt(authSession, undefined, "POST", { body, headers: { "content-type": "text/plain;charset=UTF-8" } }));
      const accepted = await api.rawAt(authSession, undefined, "POST", { body });
      expect(accepted.status, accepted.text).toBe(201);
    });

    it.each(["application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/xml", "text/json", "application/jsonp", "application/json; charset=iso-8859-1", "application/json; charset=utf-16"])(
      "refuses a body declared as %s with 415",
      async (type) => {
        unsupported(await api.rawAt(authSession, undefined, "POST", { body: JSON.stringify(await signIn()), headers: { "content-type": type } }));
      },
    );

    it("refuses a body without a Content-Type with 415", async () => {
      const res = await fetch(`${stack.baseUrl}${pathOf(authSession)}`, { method: "POST", body: new TextEncoder().encode(JSON.stringify(await signIn())) });
      expect(res.headers.get("content-type")).toMatch(/^application\/json/);
      unsupported({ status: res.status, text: "", body: await res.json() });
    });

    it("refuses a signed write sent as text/plain with 415 once its token header is there, 401 without it", async () => {
      const body = JSON.stringify({ note: "hello" });
      unsupported(await api.postRaw(authCheck, undefined, walletKey, body, { "content-type": "text/plain" }));
      const anonymous = await api.rawAt(authCheck, undefined, "POST", { body, headers: { "content-type": "text/plain" } });
      expect(anonymous.status, anonymous.text).toBe(401);
    });

    it.each(["application/json", "application/json; charset=utf-8", 'Application/JSON;charset="UTF-8"', "application/vnd.api+json", "application/merge-patch+json"])(
      "accepts a body declared as %s",
      async (type) => {
        const res = await api.postRaw(authCheck, undefined, walletKey, { note: type }, { "content-type": type });
        expect(res.status, res.text).toBe(200);
        expect(res.body).toMatchObject({ ok: true, note: type });
      },
    );

    it("lets requests without a body declare what they like: an empty POST, GET and HEAD", async () => {
      const path = pathOf(authCheck);
      const empty = await api.raw("POST", path, { body: "", token: await signedToken(walletKey, authCheck.action, path, ""), headers: { "content-type": "text/plain" } });
      expect(empty.status, empty.text).toBe(200);
      for (const method of ["GET", "HEAD"]) {
        const read = await api.raw(method, pathOf(authNonce), { headers: { "content-type": "application/x-www-form-urlencoded" } });
        expect(read.status, `${method} ${read.text}`).toBe(200);
      }
    });

    it("answers a method the route does not take with 405 whatever the body's type", async () => {
      const res = await api.rawAt(authNonce, undefined, "POST", { body: "a=1", headers: { "content-type": "application/x-www-form-urlencoded" } });
      expect(res.status, res.text).toBe(405);
      expect(res.body).toMatchObject({ error: "METHOD_NOT_ALLOWED" });
    });
  });
});
