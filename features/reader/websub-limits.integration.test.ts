import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase, type DatabaseHandle } from "@/lib/db/connection";
import { migrateToLatest } from "@/lib/db/migrate";
import { dnsResolver } from "@/lib/vault/link-fetch";
import { startTestDns } from "@/features/outlets/dns-server.test-support";
import { createTestDatabase } from "@/test/support/postgres";
import { dialectsUnderTest } from "@/test/support/stack";
import type { CallbackPolicy } from "./callback-address";
import { acceptHubRequest, parseHubRequest, type SubscriptionLimits } from "./subscribe";
import { liveSubscriptionCounts, VERIFICATION_WINDOW_SECONDS } from "./websub.repository";

// The hub's subscription limits hold exactly under requests at the same moment, on both dialects: the count and the
// insert are one step (docs/DECISIONS.md). The callbacks' names are under .test, known only to the test's DNS server,
// which points them at loopback; loopback plays "public" here. Nothing is verified (the callbacks need not answer).

const ORIGIN = "http://127.0.0.1:3000";
const NOW = 1_800_000_000;
const dialects = await dialectsUnderTest();

describe.each(dialects)("the WebSub subscription limits under concurrent requests on %s", (dialect) => {
  let dns: Awaited<ReturnType<typeof startTestDns>>;
  let handle: DatabaseHandle;
  let cleanup: () => Promise<void>;
  let policy: CallbackPolicy;

  beforeAll(async () => {
    dns = await startTestDns();
    policy = { resolve: dnsResolver({ servers: dns.server, timeoutMs: 2000 }), allow: (address) => address === "127.0.0.1" };
    if (dialect === "postgres") {
      const pg = await createTestDatabase("capsule_websub_limits");
      handle = openDatabase({ databaseUrl: pg.url, sqliteFile: "unused.sqlite" });
      cleanup = async () => (await handle.close(), await pg.drop());
    } else {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "capsule-websub-limits-"));
      handle = openDatabase({ sqliteFile: path.join(dir, "capsule.sqlite") });
      cleanup = async () => (await handle.close(), fs.rmSync(dir, { recursive: true, force: true }));
    }
    await migrateToLatest(handle.db);
  });

  afterAll(async () => {
    await cleanup?.();
    await dns?.close();
  });

  const subscribe = (host: string, p: string, limits: SubscriptionLimits, at = NOW, port = 8080) =>
    acceptHubRequest(handle.db, parseHubRequest(new URLSearchParams({ "hub.mode": "subscribe", "hub.topic": `${ORIGIN}/feed.xml`, "hub.callback": `http://${host}:${port}${p}` })), ORIGIN, at, policy, limits);

  it("takes no more subscriptions on one callback host than its limit, however many arrive at once", async () => {
    const host = `same-${dialect}.capsule.test`;
    dns.set(host, { a: ["127.0.0.1"] });
    const results = await Promise.allSettled(Array.from({ length: 16 }, (_, i) => subscribe(host, `/cb-${i}`, { perHost: 3, total: 10_000 })));
    const refused = results.filter((r) => r.status === "rejected").map((r) => (r as PromiseRejectedResult).reason);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(3);
    for (const reason of refused) expect(reason).toMatchObject({ code: "CONFLICT", message: expect.stringContaining(`at most 3 subscriptions with callbacks on ${host} (any port)`) });
    expect((await liveSubscriptionCounts(handle.db, host, NOW)).onHost).toBe(3);
  });

  it("takes no more subscriptions in all than the hub's limit, however many arrive at once", async () => {
    const hosts = Array.from({ length: 16 }, (_, i) => `many-${i}-${dialect}.capsule.test`);
    for (const host of hosts) dns.set(host, { a: ["127.0.0.1"] });
    const before = (await liveSubscriptionCounts(handle.db, "none.capsule.test", NOW)).total;
    const limits = { perHost: 50, total: before + 4 };
    const results = await Promise.allSettled(hosts.map((host) => subscribe(host, "/cb", limits)));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(4);
    for (const r of results.filter((r) => r.status === "rejected")) {
      expect((r as PromiseRejectedResult).reason).toMatchObject({ code: "CONFLICT", message: expect.stringContaining(`at most ${limits.total} subscriptions`) });
    }
    expect((await liveSubscriptionCounts(handle.db, "none.capsule.test", NOW)).total).toBe(before + 4);
  });

  it("counts one callback name on many ports (and with a trailing dot) as one host", async () => {
    const host = `ports-${dialect}.capsule.test`;
    dns.set(host, { a: ["127.0.0.1"] });
    dns.set(`${host}.`, { a: ["127.0.0.1"] });
    const limits = { perHost: 3, total: 10_000 };
    const results: PromiseSettledResult<unknown>[] = [];
    for (let i = 0; i < 5; i++) results.push(...(await Promise.allSettled([subscribe(host, "/cb", limits, NOW, 8000 + i)])));
    results.push(...(await Promise.allSettled([subscribe(`${host}.`, "/cb", limits, NOW, 9000)])));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(3);
    for (const r of results.filter((r) => r.status === "rejected")) {
      expect((r as PromiseRejectedResult).reason).toMatchObject({ code: "CONFLICT", message: expect.stringContaining(`on ${host} (any port)`) });
    }
    expect((await liveSubscriptionCounts(handle.db, host, NOW)).onHost).toBe(3);
  });

  it("stops counting a request that was not confirmed within its verification window", async () => {
    const host = `unconfirmed-${dialect}.capsule.test`;
    dns.set(host, { a: ["127.0.0.1"] });
    const limits = { perHost: 2, total: 10_000 };
    await subscribe(host, "/a", limits);
    await subscribe(host, "/b", limits);
    await expect(subscribe(host, "/c", limits, NOW + VERIFICATION_WINDOW_SECONDS - 1)).rejects.toMatchObject({ code: "CONFLICT" });
    // neither /a nor /b answered its challenge: once their window has passed they no longer hold the host's room
    const later = NOW + VERIFICATION_WINDOW_SECONDS + 1;
    expect((await liveSubscriptionCounts(handle.db, host, later)).onHost).toBe(0);
    await subscribe(host, "/c", limits, later);
    await subscribe(host, "/d", limits, later);
    // asking again for /a after its window is a new request, counted against the limit like any other
    await expect(subscribe(host, "/a", limits, later)).rejects.toMatchObject({ code: "CONFLICT" });
  });
});
