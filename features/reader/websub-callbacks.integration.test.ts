import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import https from "node:https";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { openDatabase, type DatabaseHandle } from "@/lib/db/connection";
import { migrateToLatest } from "@/lib/db/migrate";
import { isPublicAddress } from "@/lib/dns/public-address";
import { dnsResolver } from "@/lib/vault/link-fetch";
import { AppError } from "@/lib/errors/app-error";
import { startTestDns } from "@/features/outlets/dns-server.test-support";
import { startSubscriber } from "@/features/distribution/websub-subscriber.test-support";
import type { CallbackPolicy } from "./callback-address";
import { OutboundRefused, pinnedRequest } from "@/lib/http/pinned-request";
import { deliverDue } from "./delivery-worker";
import { acceptHubRequest, parseHubRequest } from "./subscribe";
import { insertDeliveries, liveSubscriptionCounts, setSubscriptionState, upsertPendingSubscription } from "./websub.repository";
import { insertOutlet } from "@/features/outlets/outlets.repository";

// The hub's calls to subscribers against real parts: a DNS server and subscribers on loopback. The
// callback's name is under .test, which only the test's DNS server knows, so a call that reached the
// subscriber connected to the address the hub checked: any second lookup (the system's) fails. Loopback
// is not public, so "public" is played by 127.0.0.1 in `asPublic`; the default rule is `publicOnly`.

const NAME = "subscriber.capsule.test";
const ORIGIN = "http://127.0.0.1:3000";

describe("the WebSub hub's calls to a callback", () => {
  let dns: Awaited<ReturnType<typeof startTestDns>>;
  let subscriber: Awaited<ReturnType<typeof startSubscriber>>;
  let talker: http.Server;
  let port: number;
  let talkerPort: number;
  let dir: string;
  let handle: DatabaseHandle;
  let asPublic: CallbackPolicy;
  let publicOnly: CallbackPolicy;
  const callback = (p = "/callback") => `http://${NAME}:${port}${p}`;

  beforeAll(async () => {
    dns = await startTestDns();
    subscriber = await startSubscriber();
    port = Number(new URL(subscriber.url).port);
    // answers far more than any challenge, slowly: the hub reads only the first bytes
    talker = http.createServer((_req, res) => {
      res.writeHead(200, { "content-type": "text/plain" });
      const chunk = "x".repeat(64 * 1024);
      let sent = 0;
      const more = () => {
        if (sent++ > 200 || res.destroyed) return res.end();
        res.write(chunk, () => setTimeout(more, 5));
      };
      more();
    });
    await new Promise<void>((resolve) => talker.listen(0, "127.0.0.1", resolve));
    talkerPort = (talker.address() as AddressInfo).port;
    const resolve = dnsResolver({ servers: dns.server, timeoutMs: 2000 });
    asPublic = { resolve, allow: (address) => address === "127.0.0.1" };
    publicOnly = { resolve, allow: isPublicAddress };
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "capsule-websub-callbacks-"));
    handle = openDatabase({ sqliteFile: path.join(dir, "capsule.sqlite") });
    await migrateToLatest(handle.db);
  });

  afterAll(async () => {
    await handle?.close();
    await subscriber?.close();
    await new Promise((resolve) => talker?.close(resolve));
    await dns?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  beforeEach(() => dns.set(NAME, { a: ["127.0.0.1"] }));

  it("connects to the address it checked, never to a second lookup of the name", async () => {
    const answer = await pinnedRequest(new URL(`${callback()}?hub.mode=subscribe&hub.challenge=abc123`), asPublic, { method: "GET", timeoutMs: 5000, maxBodyBytes: 1024 });
    expect(answer).toEqual({ status: 200, body: "abc123" });
    expect(subscriber.verifications.at(-1)).toMatchObject({ mode: "subscribe", challenge: "abc123" });
  });

  it("refuses a name that now points inside, and sends nothing", async () => {
    const before = subscriber.verifications.length;
    dns.set(NAME, { a: ["10.0.0.7"] });
    const refused = await pinnedRequest(new URL(callback()), asPublic, { method: "GET", timeoutMs: 5000, maxBodyBytes: 1024 }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(OutboundRefused);
    expect((refused as Error).message).toBe(`${NAME} points to a private or reserved address, which the bridge does not fetch`);
    // the default rule refuses loopback too, by name and as a literal
    dns.set(NAME, { a: ["127.0.0.1"] });
    await expect(pinnedRequest(new URL(callback()), publicOnly, { method: "GET", timeoutMs: 5000, maxBodyBytes: 1024 })).rejects.toBeInstanceOf(OutboundRefused);
    await expect(pinnedRequest(new URL(subscriber.url), publicOnly, { method: "GET", timeoutMs: 5000, maxBodyBytes: 1024 })).rejects.toThrow("loopback, private or reserved");
    expect(subscriber.verifications.length).toBe(before);
  });

  it("calls an https callback at the checked address with the certificate checked against the name", async () => {
    const certs = fs.mkdtempSync(path.join(os.tmpdir(), "capsule-websub-tls-"));
    execFileSync("openssl", [
      "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", `/CN=${NAME}`, "-addext", `subjectAltName=DNS:${NAME}`,
      "-keyout", path.join(certs, "key.pem"), "-out", path.join(certs, "cert.pem"),
    ], { stdio: "ignore" });
    const ca = fs.readFileSync(path.join(certs, "cert.pem"), "utf8");
    const tls = https.createServer({ key: fs.readFileSync(path.join(certs, "key.pem")), cert: ca }, (req, res) => {
      const challenge = new URL(req.url ?? "/", "https://x").searchParams.get("hub.challenge") ?? "";
      res.writeHead(200, { "content-type": "text/plain" }).end(challenge);
    });
    fs.rmSync(certs, { recursive: true, force: true });
    await new Promise<void>((resolve) => tls.listen(0, "127.0.0.1", resolve));
    try {
      const tlsPort = (tls.address() as AddressInfo).port;
      const answer = await pinnedRequest(new URL(`https://${NAME}:${tlsPort}/cb?hub.challenge=tls-ok`), asPublic, { method: "GET", timeoutMs: 5000, maxBodyBytes: 1024, ca });
      expect(answer).toEqual({ status: 200, body: "tls-ok" });
      // a certificate for another name is refused, though the address is the same
      dns.set("other.capsule.test", { a: ["127.0.0.1"] });
      await expect(pinnedRequest(new URL(`https://other.capsule.test:${tlsPort}/cb`), asPublic, { method: "GET", timeoutMs: 5000, maxBodyBytes: 1024, ca })).rejects.toThrow(/altnames|Hostname/i);
    } finally {
      await new Promise((resolve) => tls.close(resolve));
    }
  });

  it("reads at most the bytes it asked for of a long answer", async () => {
    const answer = await pinnedRequest(new URL(`http://${NAME}:${talkerPort}/`), asPublic, { method: "GET", timeoutMs: 5000, maxBodyBytes: 1024 });
    expect(answer.status).toBe(200);
    expect(answer.body).toBe("x".repeat(1024));
  });

  it("refuses a subscription whose callback points inside, with the reason", async () => {
    const request = parseHubRequest(new URLSearchParams({ "hub.mode": "subscribe", "hub.topic": `${ORIGIN}/feed.xml`, "hub.callback": callback() }));
    const refused = await acceptHubRequest(handle.db, request, ORIGIN, 1_800_000_000, publicOnly).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: "VALIDATION_ERROR" });
    expect((refused as Error).message).toContain("points to a private or reserved address");
    // an IPv4-compatible literal (::a.b.c.d, deprecated) is outside global unicast: refused like loopback itself
    for (const inside of [`http://[::127.0.0.1]:${port}/callback`, `http://[::7f00:1]:${port}/callback`]) {
      const literal = parseHubRequest(new URLSearchParams({ "hub.mode": "subscribe", "hub.topic": `${ORIGIN}/feed.xml`, "hub.callback": inside }));
      await expect(acceptHubRequest(handle.db, literal, ORIGIN, 1_800_000_000, publicOnly)).rejects.toMatchObject({ code: "VALIDATION_ERROR", message: expect.stringContaining("a loopback, private or reserved address") });
    }
  });

  it("checks the callback again when it verifies intent: a name moved inside after the request is not called", async () => {
    const before = subscriber.verifications.length;
    const request = parseHubRequest(new URLSearchParams({ "hub.mode": "subscribe", "hub.topic": `${ORIGIN}/feed.json`, "hub.callback": callback("/moved") }));
    const accepted = await acceptHubRequest(handle.db, request, ORIGIN, 1_800_000_000, asPublic);
    dns.set(NAME, { a: ["10.0.0.7"] });
    await accepted.verify();
    expect(subscriber.verifications.length).toBe(before);
    const row = await handle.db.selectFrom("websub_subscriptions").selectAll().where("callback", "=", callback("/moved")).executeTakeFirstOrThrow();
    expect(row.state).toBe("pending");
    expect(row.state_reason).toContain("the callback cannot be used");

    dns.set(NAME, { a: ["127.0.0.1"] });
    await (await acceptHubRequest(handle.db, request, ORIGIN, 1_800_000_000, asPublic)).verify();
    const confirmed = await handle.db.selectFrom("websub_subscriptions").select("state").where("id", "=", row.id).executeTakeFirstOrThrow();
    expect(confirmed.state).toBe("active");
  });

  it("keeps at most so many live subscriptions per callback host and in all, a renewal not counted as new", async () => {
    const now = 1_800_000_000;
    const hosts = ["many.capsule.test", "more.capsule.test"];
    for (const name of hosts) dns.set(name, { a: ["127.0.0.1"] });
    const base = await liveSubscriptionCounts(handle.db, hosts[0]!, now);
    const limits = { perHost: 2, total: base.total + 3 };
    const subscribe = (host: string, p: string) =>
      acceptHubRequest(handle.db, parseHubRequest(new URLSearchParams({ "hub.mode": "subscribe", "hub.topic": `${ORIGIN}/feed.xml`, "hub.callback": `http://${host}:${port}${p}` })), ORIGIN, now, asPublic, limits);
    await subscribe(hosts[0]!, "/a");
    await subscribe(hosts[0]!, "/b");
    const onHost = await subscribe(hosts[0]!, "/c").catch((e: unknown) => e);
    expect(onHost).toMatchObject({ code: "CONFLICT", message: expect.stringContaining(`at most 2 subscriptions with callbacks on ${hosts[0]} (any port)`) });
    await subscribe(hosts[0]!, "/a"); // a renewal of a live one
    await subscribe(hosts[1]!, "/x");
    const inAll = await subscribe(hosts[1]!, "/y").catch((e: unknown) => e);
    expect(inAll).toMatchObject({ code: "CONFLICT", message: expect.stringContaining(`at most ${limits.total} subscriptions`) });
    // one that ended makes room again
    await handle.db.updateTable("websub_subscriptions").set({ state: "unsubscribed" }).where("callback", "=", `http://${hosts[0]}:${port}/a`).execute();
    await subscribe(hosts[0]!, "/c");
    expect(await liveSubscriptionCounts(handle.db, hosts[0]!, now)).toEqual({ total: base.total + 3, onHost: 2 });
  });

  it("checks the callback before every delivery: none goes to a name that now points inside", async () => {
    const now = Math.floor(Date.now() / 1000);
    const subscription = await upsertPendingSubscription(handle.db, {
      topic: `${ORIGIN}/feed.xml`, outlet_id: null, callback: callback("/deliveries"), secret: null, lease_seconds: 3600,
      state: "pending", state_reason: null, expires_at: null, created_at: now, updated_at: now,
    }, undefined);
    await setSubscriptionState(handle.db, subscription.id, "active", now, { expiresAt: now + 3600 });
    const settings = { retryBaseMs: 0, maxAttempts: 5 };
    await insertDeliveries(handle.db, [{ subscriptionId: subscription.id, reason: "article", capsuleIds: [] }], Date.now());

    const attempts = subscriber.attempts();
    expect(await deliverDue(handle.db, settings, publicOnly)).toBe(1);
    expect(subscriber.attempts()).toBe(attempts);
    const failed = await handle.db.selectFrom("websub_deliveries").selectAll().where("subscription_id", "=", subscription.id).executeTakeFirstOrThrow();
    expect(failed).toMatchObject({ status: "pending", attempts: 1, last_status: null });
    expect(failed.last_error).toBe(`the callback cannot be used: ${NAME} points to a private or reserved address, which the bridge does not fetch`);

    expect(await deliverDue(handle.db, settings, asPublic)).toBe(1);
    expect(subscriber.attempts()).toBe(attempts + 1);
    expect(subscriber.deliveries.at(-1)?.body).toContain(`<feed xmlns="http://www.w3.org/2005/Atom">`);
    const delivered = await handle.db.selectFrom("websub_deliveries").selectAll().where("id", "=", failed.id).executeTakeFirstOrThrow();
    expect(delivered).toMatchObject({ status: "delivered", attempts: 2, last_status: 204, last_error: null });
  });

  it("stops pushing an outlet's feed once the outlet is below Elevated: no delivery is sent, the subscription is denied with the reason", async () => {
    const now = Math.floor(Date.now() / 1000);
    // an active outlet with no decided article is Standard: as one a penalty brought down from Elevated after its subscribers came
    const outlet = await insertOutlet(handle.db, {
      slug: "fallen-ledger", name: "The Fallen Ledger", domain: "fallen-ledger.example.net", description: null, metadata_uri: null,
      owner_wallet: "0x00000000000000000000000000000000000000aa", status: "active", policy_id: "default", verification_token: "ab".repeat(32),
      verified_at: now, first_verified_at: now, last_checked_at: now, last_result: "verified", created_at: now, updated_at: now,
    });
    const topic = `${ORIGIN}/outlets/${outlet.slug}/feed.json`;
    const subscription = await upsertPendingSubscription(handle.db, {
      topic, outlet_id: outlet.id, callback: callback("/fallen"), secret: null, lease_seconds: 3600,
      state: "pending", state_reason: null, expires_at: null, created_at: now, updated_at: now,
    }, undefined);
    await setSubscriptionState(handle.db, subscription.id, "active", now, { expiresAt: now + 3600 });
    await insertDeliveries(handle.db, [{ subscriptionId: subscription.id, reason: "article", capsuleIds: [] }, { subscriptionId: subscription.id, reason: "label", capsuleIds: [] }], Date.now());

    const [attempts, verifications] = [subscriber.attempts(), subscriber.verifications.length];
    expect(await deliverDue(handle.db, { retryBaseMs: 0, maxAttempts: 5 }, asPublic)).toBe(2);
    expect(subscriber.attempts()).toBe(attempts);
    const reason = "WebSub is a channel of the Elevated and Premium tiers; The Fallen Ledger is standard";
    const rows = await handle.db.selectFrom("websub_deliveries").selectAll().where("subscription_id", "=", subscription.id).execute();
    expect(rows.map((r) => [r.status, r.last_error])).toEqual([["failed", reason], ["failed", reason]]);
    const denied = await handle.db.selectFrom("websub_subscriptions").selectAll().where("id", "=", subscription.id).executeTakeFirstOrThrow();
    expect([denied.state, denied.state_reason]).toEqual(["denied", reason]);
    // the subscriber is told once, as the hub tells a denied subscription (§5.2)
    expect(subscriber.verifications.slice(verifications)).toEqual([{ mode: "denied", topic, challenge: undefined, reason }]);
    expect(await deliverDue(handle.db, { retryBaseMs: 0, maxAttempts: 5 }, asPublic)).toBe(0);
  });
});
