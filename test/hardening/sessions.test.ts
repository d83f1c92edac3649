import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import type { Address, Hex } from "viem";
import { buildSessionMessage } from "@/lib/auth/session-delegation";
import { findSession } from "@/lib/auth/server/auth-sessions.repository";
import { issueSiweNonce, registerSession, revokeSessionFor, sessionIdOf, verifyRegisteredSession } from "@/lib/auth/server/session-service";
import { describeSignIn, signInOrigins, type SignInOrigins } from "@/lib/auth/server/sign-in-origins";
import { AppError } from "@/lib/errors/app-error";
import { devKeys } from "@/test/support/anvil";
import { dialectsUnderTest } from "@/test/support/stack";
import { openTestDatabase, type TestDatabase } from "./database";

// Issue 15, findings 1 and 7: the Sign-In with Ethereum domain comes from configuration (never the
// Host header); a session ends at its stored expiry; a session key cannot sign out other sessions.
// A message with dates that do not parse or do not exist, or lines and resources beyond the session
// key's, is a 400; one whose Not Before is still ahead a 401 (docs/DECISIONS.md, "Sign-in messages are read strictly").

const dialects = await dialectsUnderTest();
const wallet = privateKeyToAccount(devKeys[5]);
const NOW = Math.floor(Date.now() / 1000);

const publicSite = signInOrigins({ CAPSULE_PUBLIC_URL: "https://news.example.org", CAPSULE_PUBLIC_ORIGINS: "https://www.news.example.org", CAPSULE_HOST: "0.0.0.0", CAPSULE_PORT: 3000 });
const loopback = signInOrigins({ CAPSULE_PUBLIC_URL: undefined, CAPSULE_PUBLIC_ORIGINS: undefined, CAPSULE_HOST: "127.0.0.1", CAPSULE_PORT: 3111 });
const exposed = signInOrigins({ CAPSULE_PUBLIC_URL: undefined, CAPSULE_PUBLIC_ORIGINS: undefined, CAPSULE_HOST: "0.0.0.0", CAPSULE_PORT: 3000 });

async function failure(promise: Promise<unknown>): Promise<{ code: string; message: string; statusCode: number }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return { code: error.code, message: error.message, statusCode: error.statusCode };
    throw error;
  }
  throw new Error("expected a refusal");
}

describe("sign-in origins from configuration", () => {
  it("uses CAPSULE_PUBLIC_URL and the allow-list, else the loopback origins of the port, else refuses", () => {
    expect(publicSite).toEqual({ ok: true, source: "public-url", origins: ["https://news.example.org", "https://www.news.example.org"] });
    expect(loopback).toEqual({ ok: true, source: "loopback", origins: ["http://127.0.0.1:3111", "http://localhost:3111", "http://[::1]:3111"] });
    expect(exposed.ok).toBe(false);
    if (!exposed.ok) expect(exposed.reason).toMatch(/CAPSULE_PUBLIC_URL/);
    // what `npm start` prints
    expect(describeSignIn(exposed)).toMatch(/^Sign-in is disabled: the server listens on 0\.0\.0\.0/);
    expect(describeSignIn(loopback)).toMatch(/^sign-in accepted for http:\/\/127\.0\.0\.1:3111, .*loopback only/);
  });
});

describe.each(dialects)("sessions on %s", (dialect) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await openTestDatabase(dialect);
  });
  afterAll(async () => {
    await db?.drop();
  });

  /** A session message the wallet signed; `edit` changes its text before the wallet signs it. */
  async function signedMessage(origins: SignInOrigins, site: { domain: string; origin: string }, options: { lifetime?: number; edit?: (message: string) => string } = {}) {
    const sessionKey = generatePrivateKey();
    const { nonce } = await issueSiweNonce(db.db, NOW, origins);
    const built = buildSessionMessage({
      domain: site.domain,
      origin: site.origin,
      wallet: wallet.address,
      sessionKey: privateKeyToAccount(sessionKey).address,
      nonce,
      issuedAt: new Date(NOW * 1000),
      lifetimeSeconds: options.lifetime ?? 3600,
    });
    const message = options.edit ? options.edit(built) : built;
    if (options.edit) expect(message).not.toBe(built);
    return { sessionKey, message, signature: await wallet.signMessage({ message }) };
  }

  it("refuses a message signed for evil.example whatever Host it arrives with, and accepts the configured site", async () => {
    const evil = await signedMessage(publicSite, { domain: "evil.example", origin: "https://evil.example" });
    expect(await failure(registerSession(db.db, evil, NOW, publicSite))).toMatchObject({ code: "UNAUTHORIZED", message: expect.stringMatching(/evil\.example.*news\.example\.org/) });
    const good = await signedMessage(publicSite, { domain: "news.example.org", origin: "https://news.example.org" });
    await expect(registerSession(db.db, good, NOW, publicSite)).resolves.toMatchObject({ wallet: wallet.address });
    const extra = await signedMessage(publicSite, { domain: "www.news.example.org", origin: "https://www.news.example.org" });
    await expect(registerSession(db.db, extra, NOW, publicSite)).resolves.toMatchObject({ wallet: wallet.address });
  });

  it("refuses a message whose uri is another origin than its domain", async () => {
    const mixed = await signedMessage(publicSite, { domain: "news.example.org", origin: "https://evil.example" });
    expect(await failure(registerSession(db.db, mixed, NOW, publicSite))).toMatchObject({ code: "UNAUTHORIZED", message: expect.stringMatching(/uri/) });
  });

  it("on loopback accepts the port's loopback origins only", async () => {
    const local = await signedMessage(loopback, { domain: "localhost:3111", origin: "http://localhost:3111" });
    await expect(registerSession(db.db, local, NOW, loopback)).resolves.toMatchObject({ wallet: wallet.address });
    const otherPort = await signedMessage(loopback, { domain: "127.0.0.1:9999", origin: "http://127.0.0.1:9999" });
    expect((await failure(registerSession(db.db, otherPort, NOW, loopback))).code).toBe("UNAUTHORIZED");
  });

  it("serves no sign-in at all (503) when bound to a public interface without CAPSULE_PUBLIC_URL", async () => {
    expect(await failure(issueSiweNonce(db.db, NOW, exposed))).toMatchObject({ code: "SIGN_IN_UNAVAILABLE", message: expect.stringMatching(/CAPSULE_PUBLIC_URL/) });
    const s = await signedMessage(loopback, { domain: "127.0.0.1:3111", origin: "http://127.0.0.1:3111" });
    expect((await failure(registerSession(db.db, s, NOW, exposed))).code).toBe("SIGN_IN_UNAVAILABLE");
  });

  it("stops a session key at its stored expiry, with no grace period", async () => {
    const s = await signedMessage(loopback, { domain: "127.0.0.1:3111", origin: "http://127.0.0.1:3111" }, { lifetime: 600 });
    const registered = await registerSession(db.db, s, NOW, loopback);
    const delegation = { message: s.message, signature: s.signature };
    await expect(verifyRegisteredSession(db.db, delegation, wallet.address, registered.expiresAt - 1)).resolves.toMatchObject({ sessionId: `session:${registered.sessionId}` });
    expect(await failure(verifyRegisteredSession(db.db, delegation, wallet.address, registered.expiresAt))).toMatchObject({ code: "UNAUTHORIZED", message: expect.stringMatching(/expired/) });
    expect((await failure(verifyRegisteredSession(db.db, delegation, wallet.address, registered.expiresAt + 30))).code).toBe("UNAUTHORIZED");
  });

  it("lets a session key sign out only its own session; the wallet itself may name any of its sessions", async () => {
    const site = { domain: "127.0.0.1:3111", origin: "http://127.0.0.1:3111" };
    const first = await registerSession(db.db, await signedMessage(loopback, site), NOW, loopback);
    const second = await registerSession(db.db, await signedMessage(loopback, site), NOW, loopback);
    const asFirstKey = { wallet: wallet.address as Address, sessionId: `session:${first.sessionId}` };
    expect(await failure(revokeSessionFor(db.db, asFirstKey, second.sessionId, NOW))).toMatchObject({ code: "FORBIDDEN", message: expect.stringMatching(/wallet itself/) });
    await expect(revokeSessionFor(db.db, asFirstKey, first.sessionId, NOW)).resolves.toEqual({ revoked: true, sessionId: first.sessionId });
    const asWallet = { wallet: wallet.address as Address, sessionId: wallet.address.toLowerCase() };
    expect((await failure(revokeSessionFor(db.db, asWallet, undefined, NOW))).code).toBe("VALIDATION_ERROR");
    await expect(revokeSessionFor(db.db, asWallet, second.sessionId, NOW)).resolves.toEqual({ revoked: true, sessionId: second.sessionId });
    const other = privateKeyToAccount(devKeys[7]).address;
    await expect(revokeSessionFor(db.db, { wallet: other, sessionId: other.toLowerCase() }, second.sessionId as Hex, NOW)).resolves.toEqual({ revoked: false, sessionId: second.sessionId });
  });

  describe("messages with bad dates, a Not Before ahead or other resources", () => {
    const site = { domain: "127.0.0.1:3111", origin: "http://127.0.0.1:3111" };
    const iso = (unix: number) => new Date(unix * 1000).toISOString();
    const line = (name: string, value: string) => (message: string) => message.replace(new RegExp(`^${name}: .*$`, "m"), `${name}: ${value}`);
    const after = (name: string, extra: string) => (message: string) => message.replace(new RegExp(`^(${name}: .*)$`, "m"), `$1\n${extra}`);
    const KEY_RESOURCE = /^- urn:capsule:session-key:0x[0-9a-fA-F]{40}$/m;

    /** Refused with this status and message, and no session was stored for the message. */
    async function refused(edit: (message: string) => string, statusCode: 400 | 401, message: RegExp) {
      const s = await signedMessage(loopback, site, { edit });
      const refusal = await failure(registerSession(db.db, s, NOW, loopback));
      expect(refusal).toMatchObject({ code: statusCode === 400 ? "VALIDATION_ERROR" : "UNAUTHORIZED", statusCode, message: expect.stringMatching(message) });
      expect(await findSession(db.db, sessionIdOf(s.message))).toBeUndefined();
    }

    it.each([
      ["an Issued At that is not a date", line("Issued At", "yesterday"), /Issued At is not an RFC 3339 date-time/],
      ["an Issued At on 30 February", line("Issued At", "2026-02-30T10:00:00.000Z"), /Issued At is not an RFC 3339 date-time/],
      ["an Issued At at 24:00", line("Issued At", "2026-12-03T24:00:00Z"), /Issued At is not an RFC 3339 date-time/],
      ["an Expiration Time in month 13", line("Expiration Time", "2026-13-01T00:00:00Z"), /Expiration Time is not an RFC 3339 date-time/],
      ["an Expiration Time on 31 April", line("Expiration Time", "2027-04-31T00:00:00Z"), /Expiration Time is not an RFC 3339 date-time/],
      ["an Expiration Time without a time zone", line("Expiration Time", "2027-01-01T00:00:00"), /Expiration Time is not an RFC 3339 date-time/],
      ["a Not Before that is not a date", after("Expiration Time", "Not Before: soon"), /Not Before is not an RFC 3339 date-time/],
      ["a Not Before at minute 60", after("Expiration Time", "Not Before: 2026-12-03T10:60:00Z"), /Not Before is not an RFC 3339 date-time/],
      ["no Expiration Time", (m: string) => m.replace(/^Expiration Time: .*\n/m, ""), /needs an Expiration Time/],
      ["an Expiration Time before Issued At", line("Expiration Time", iso(NOW - 60)), /Expiration Time must be after Issued At/],
      ["a Not Before after its Expiration Time", after("Expiration Time", `Not Before: ${iso(NOW + 7200)}`), /Not Before must be before Expiration Time/],
      ["a second resource", (m: string) => `${m}\n- https://evil.example/admin`, /exactly one line/],
      ["a second session key", (m: string) => `${m}\n- urn:capsule:session-key:${privateKeyToAccount(devKeys[8]).address}`, /exactly one line/],
      ["another resource instead of the session key", (m: string) => m.replace(KEY_RESOURCE, "- https://evil.example/admin"), /exactly one line/],
      ["a line after the resources", (m: string) => `${m}\nRole: admin`, /is not an EIP-4361 field in its place/],
      ["a line between the statement and URI", (m: string) => m.replace(/^URI: /m, "Scope: everything\nURI: "), /line 6 must be its "URI:" line/],
      ["a Not Before after the resources", (m: string) => `${m}\nNot Before: ${iso(NOW - 60)}`, /is not an EIP-4361 field in its place/],
    ])("refuses %s with 400 VALIDATION_ERROR and stores no session", async (_, edit, message) => {
      await refused(edit, 400, message);
    });

    it("refuses a message whose Not Before is ahead (401) and accepts it once that time has come", async () => {
      await refused(after("Expiration Time", `Not Before: ${iso(NOW + 600)}`), 401, /not valid yet/);
      // the same clock skew as Issued At: 60 s ahead of the server's clock is accepted
      const withinSkew = await signedMessage(loopback, site, { edit: after("Expiration Time", `Not Before: ${iso(NOW + 60)}`) });
      await expect(registerSession(db.db, withinSkew, NOW, loopback)).resolves.toMatchObject({ wallet: wallet.address });
      const begun = await signedMessage(loopback, site, { edit: after("Expiration Time", `Not Before: ${iso(NOW - 60)}`) });
      await expect(registerSession(db.db, begun, NOW, loopback)).resolves.toMatchObject({ wallet: wallet.address, expiresAt: NOW + 3600 });
    });

    it("accepts RFC 3339 dates with an offset and without fractions", async () => {
      const offset = (unix: number) => `${new Date((unix + 2 * 3600) * 1000).toISOString().slice(0, 19)}+02:00`;
      const s = await signedMessage(loopback, site, { edit: (m) => line("Expiration Time", offset(NOW + 1800))(line("Issued At", offset(NOW))(m)) });
      await expect(registerSession(db.db, s, NOW, loopback)).resolves.toMatchObject({ wallet: wallet.address, expiresAt: NOW + 1800 });
    });
  });
});
