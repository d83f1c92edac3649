import { afterAll, beforeAll, describe, expect, it } from "vitest";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { dnsResolver } from "@/lib/vault/link-fetch";
import { startTestDns } from "@/features/outlets/dns-server.test-support";
import { openTestDatabase, type TestDatabase } from "@/test/hardening/database";
import { dialectsUnderTest } from "@/test/support/stack";
import type { CallbackPolicy } from "./callback-address";
import { deliverDue } from "./delivery-worker";
import { verifyHubSignature } from "./hub-signature";
import { acceptHubRequest, parseHubRequest } from "./subscribe";
import { insertDeliveries } from "./websub.repository";

// Anyone may send the hub a request naming someone else's callback: only the callback's echo of the challenge says
// the subscriber wants it. A request's hub.secret (the key of every push's X-Hub-Signature) and lease take effect when
// that request is confirmed, never before: an unconfirmed request once replaced an active subscription's secret, so
// its real pushes failed the subscriber's signature check and whoever sent the request could sign pushes of their own.
// The subscriber here echoes a challenge only while it expects one, as a careful one does.

const ORIGIN = "http://127.0.0.1:3000";
const NAME = "careful.capsule.test";
const dialects = await dialectsUnderTest();

describe.each(dialects)("a WebSub request's secret on %s", (dialect) => {
  let dns: Awaited<ReturnType<typeof startTestDns>>;
  let handle: TestDatabase;
  let policy: CallbackPolicy;
  let subscriber: http.Server;
  let expecting = false;
  const pushes: Array<{ body: string; signature: string | undefined }> = [];
  let callback = "";

  beforeAll(async () => {
    dns = await startTestDns();
    dns.set(NAME, { a: ["127.0.0.1"] });
    policy = { resolve: dnsResolver({ servers: dns.server, timeoutMs: 2000 }), allow: (address) => address === "127.0.0.1" };
    subscriber = http.createServer((req, res) => {
      if (req.method === "GET") {
        const challenge = new URL(req.url ?? "/", "http://x").searchParams.get("hub.challenge") ?? "";
        res.writeHead(expecting ? 200 : 404, { "content-type": "text/plain" }).end(expecting ? challenge : "no request of mine");
        return;
      }
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => {
        pushes.push({ body: Buffer.concat(chunks).toString("utf8"), signature: req.headers["x-hub-signature"] as string | undefined });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => subscriber.listen(0, "127.0.0.1", resolve));
    callback = `http://${NAME}:${(subscriber.address() as AddressInfo).port}/callback`;
    handle = await openTestDatabase(dialect);
  });

  afterAll(async () => {
    await handle?.drop();
    await new Promise((resolve) => subscriber?.close(resolve));
    await dns?.close();
  });

  const request = async (fields: Record<string, string>) => {
    const now = Math.floor(Date.now() / 1000);
    const accepted = await acceptHubRequest(handle.db, parseHubRequest(new URLSearchParams({ "hub.mode": "subscribe", "hub.topic": `${ORIGIN}/feed.xml`, "hub.callback": callback, ...fields })), ORIGIN, now, policy);
    await accepted.verify();
  };
  const stored = () => handle.db.selectFrom("websub_subscriptions").selectAll().where("callback", "=", callback).executeTakeFirstOrThrow();
  const push = async () => {
    const row = await stored();
    const before = pushes.length;
    await insertDeliveries(handle.db, [{ subscriptionId: row.id, reason: "article", capsuleIds: [] }], Date.now());
    expect(await deliverDue(handle.db, { retryBaseMs: 0, maxAttempts: 5 }, policy)).toBe(1);
    expect(pushes.length).toBe(before + 1);
    return pushes.at(-1)!;
  };

  it("keeps the confirmed secret and lease when a request nobody confirmed names the same callback", async () => {
    expecting = true;
    await request({ "hub.secret": "the-subscribers-own-secret", "hub.lease_seconds": "86400" });
    expecting = false;
    expect(await stored()).toMatchObject({ state: "active", secret: "the-subscribers-own-secret", lease_seconds: 86_400 });

    await request({ "hub.secret": "a-secret-someone-else-knows", "hub.lease_seconds": "60" });
    await request({});
    expect(await stored()).toMatchObject({ state: "active", secret: "the-subscribers-own-secret", lease_seconds: 86_400 });
    const delivered = await push();
    expect(verifyHubSignature("the-subscribers-own-secret", delivered.body, delivered.signature ?? null)).toBe(true);
    expect(verifyHubSignature("a-secret-someone-else-knows", delivered.body, delivered.signature ?? null)).toBe(false);
  });

  it("takes the secret and lease of a renewal its subscriber confirms", async () => {
    expecting = true;
    await request({ "hub.secret": "the-subscribers-next-secret", "hub.lease_seconds": "172800" });
    expecting = false;
    expect(await stored()).toMatchObject({ state: "active", secret: "the-subscribers-next-secret", lease_seconds: 172_800 });
    const delivered = await push();
    expect(verifyHubSignature("the-subscribers-next-secret", delivered.body, delivered.signature ?? null)).toBe(true);
  });
});
