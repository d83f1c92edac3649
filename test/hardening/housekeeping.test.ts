import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startHousekeeping } from "@/lib/housekeeping/housekeeping";
import { purgeBatch, type PurgeTable } from "@/lib/db/repositories/expiring-rows.repository";
import { purgeExpired, SESSION_RETENTION_SECONDS } from "@/lib/housekeeping/purge-expired";
import { ENDED_RETENTION_SECONDS, UNCONFIRMED_RETENTION_SECONDS } from "@/lib/housekeeping/websub-rows.repository";
import { dialectsUnderTest } from "@/test/support/stack";
import { openTestDatabase, type TestDatabase } from "./database";

// Issue 15, finding 6: used nonces, expired sessions and rate-limit counters are purged on a
// schedule, in bounded batches, on both dialects; live rows stay.

const dialects = await dialectsUnderTest();
const NOW = 1_900_000_000;
const EXPIRED = 23;
const LIVE = 5;
const tables: PurgeTable[] = ["auth_nonces", "auth_siwe_nonces", "rate_limit_counters", "auth_sessions"];

async function seed(db: TestDatabase["db"]) {
  for (const table of tables) await db.deleteFrom(table).execute();
  const rows = (n: number, expiresAt: (i: number) => number, tag: string) => Array.from({ length: n }, (_, i) => ({ i, expiresAt: expiresAt(i), id: `${tag}-${i}` }));
  const expired = rows(EXPIRED, (i) => NOW - 1 - i, "old");
  const live = rows(LIVE, (i) => NOW + 1 + i, "new");
  // sessions are kept a day past their expiry: "expired" here means beyond that retention
  const sessionExpired = rows(EXPIRED, (i) => NOW - SESSION_RETENTION_SECONDS - 1 - i, "old");
  const sessionKept = rows(LIVE, (i) => (i % 2 === 0 ? NOW + 100 : NOW - 100), "new");
  const all = [...expired, ...live];
  await db.insertInto("auth_nonces").values(all.map((r) => ({ nonce: r.id, wallet: "0xw", action: "auth.check", expires_at: r.expiresAt, used_at: NOW - 300 }))).execute();
  await db.insertInto("auth_siwe_nonces").values(all.map((r) => ({ nonce: r.id, created_at: NOW - 900, expires_at: r.expiresAt, used_at: null }))).execute();
  await db
    .insertInto("rate_limit_counters")
    .values(all.map((r) => ({ bucket: `bridge-get:${r.id}`, window_start: r.expiresAt - 60, count: 3, expires_at: r.expiresAt })))
    .execute();
  await db
    .insertInto("auth_sessions")
    .values(
      [...sessionExpired, ...sessionKept].map((r) => ({
        id: r.id,
        wallet: "0xw",
        session_key: "0xk",
        domain: "127.0.0.1:3000",
        message: "m",
        issued_at: r.expiresAt - 3600,
        expires_at: r.expiresAt,
        revoked_at: null,
        created_at: r.expiresAt - 3600,
      })),
    )
    .execute();
}

const count = async (db: TestDatabase["db"], table: PurgeTable) =>
  Number((await db.selectFrom(table).select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);

describe.each(dialects)("housekeeping on %s", (dialect) => {
  let handle: TestDatabase;
  beforeAll(async () => {
    handle = await openTestDatabase(dialect);
  });
  afterAll(async () => {
    await handle?.drop();
  });
  beforeEach(async () => {
    await seed(handle.db);
  });

  it("deletes at most one batch per statement", async () => {
    for (const table of tables.filter((t) => t !== "auth_sessions")) {
      expect(await purgeBatch(handle.db, handle.dialect, table, NOW, 10)).toBe(10);
      expect(await count(handle.db, table)).toBe(EXPIRED + LIVE - 10);
    }
  });

  it("purges every expired row and keeps the live ones, a bounded number of batches per pass", async () => {
    const first = await purgeExpired(handle.db, handle.dialect, { now: NOW, batchSize: 5, maxBatchesPerTable: 2 });
    for (const table of tables) {
      expect(first[table]).toEqual({ deleted: 10, batches: 2, more: true });
      expect(await count(handle.db, table)).toBe(EXPIRED + LIVE - 10);
    }
    const second = await purgeExpired(handle.db, handle.dialect, { now: NOW, batchSize: 5 });
    for (const table of tables) {
      expect(second[table]).toMatchObject({ deleted: EXPIRED - 10, more: false });
      expect(await count(handle.db, table)).toBe(LIVE);
    }
    // nothing expired is left; a pass is idempotent
    const third = await purgeExpired(handle.db, handle.dialect, { now: NOW, batchSize: 5 });
    for (const table of tables) expect(third[table]).toEqual({ deleted: 0, batches: 1, more: false });
    const kept = await handle.db.selectFrom("auth_nonces").select("nonce").orderBy("nonce").execute();
    expect(kept.map((r) => r.nonce)).toEqual(Array.from({ length: LIVE }, (_, i) => `new-${i}`));
    // a session expired less than a day ago is still there (so a late token hears "expired")
    expect(await count(handle.db, "auth_sessions")).toBe(LIVE);
  });

  it("lets several servers purge at the same time without errors or double work", async () => {
    const reports = await Promise.all(Array.from({ length: 4 }, () => purgeExpired(handle.db, handle.dialect, { now: NOW, batchSize: 3 })));
    for (const table of tables) {
      expect(reports.reduce((sum, r) => sum + r[table].deleted, 0)).toBe(EXPIRED);
      expect(await count(handle.db, table)).toBe(LIVE);
    }
  });

  it("marks ended WebSub leases expired and drops subscriptions and deliveries the hub no longer serves", async () => {
    await handle.db.deleteFrom("websub_deliveries").execute();
    await handle.db.deleteFrom("websub_subscriptions").execute();
    type State = "pending" | "active" | "denied" | "unsubscribed" | "expired";
    const subscribe = async (name: string, state: State, updatedAt: number, expiresAt: number | null = null) => {
      const row = await handle.db
        .insertInto("websub_subscriptions")
        .values({ topic: "http://127.0.0.1:3000/feed.xml", outlet_id: null, callback: `https://${name}.example/cb`, secret: null, lease_seconds: 864_000, state, state_reason: null, expires_at: expiresAt, created_at: updatedAt, updated_at: updatedAt })
        .returning("id")
        .executeTakeFirstOrThrow();
      return row.id;
    };
    const deliver = (subscriptionId: number, status: "pending" | "delivered" | "failed", createdAtS: number) =>
      handle.db
        .insertInto("websub_deliveries")
        .values({ subscription_id: subscriptionId, reason: "label", capsule_ids_json: "[]", status, next_attempt_at_ms: createdAtS * 1000, last_status: null, last_error: null, created_at_ms: createdAtS * 1000, delivered_at_ms: null })
        .execute();
    const ids = {
      unconfirmedOld: await subscribe("unconfirmed-old", "pending", NOW - UNCONFIRMED_RETENTION_SECONDS - 1),
      unconfirmedNew: await subscribe("unconfirmed-new", "pending", NOW - 60),
      deniedOld: await subscribe("denied-old", "denied", NOW - ENDED_RETENTION_SECONDS - 1),
      deniedRecent: await subscribe("denied-recent", "denied", NOW - ENDED_RETENTION_SECONDS + 3600),
      unsubscribedOld: await subscribe("unsubscribed-old", "unsubscribed", NOW - ENDED_RETENTION_SECONDS - 1),
      leaseEnded: await subscribe("lease-ended", "active", NOW - 20 * 86_400, NOW - 1),
      leaseRunning: await subscribe("lease-running", "active", NOW - 20 * 86_400, NOW + 86_400),
      // active for a long time: age alone removes nothing that is served
      activeOld: await subscribe("active-old", "active", NOW - 90 * 86_400, NOW + 3600),
    };
    await deliver(ids.unsubscribedOld, "delivered", NOW - 40 * 86_400);
    await deliver(ids.leaseRunning, "delivered", NOW - ENDED_RETENTION_SECONDS - 10);
    await deliver(ids.leaseRunning, "failed", NOW - ENDED_RETENTION_SECONDS - 5);
    await deliver(ids.leaseRunning, "delivered", NOW - 86_400);
    await deliver(ids.leaseRunning, "pending", NOW - ENDED_RETENTION_SECONDS - 1);

    const report = await purgeExpired(handle.db, handle.dialect, { now: NOW, batchSize: 2 });
    expect(report.websub_leases).toMatchObject({ deleted: 1, more: false });
    expect(report.websub_subscriptions).toMatchObject({ deleted: 3, more: false });
    expect(report.websub_deliveries).toMatchObject({ deleted: 2, more: false });

    const left = await handle.db.selectFrom("websub_subscriptions").select(["id", "state", "state_reason"]).orderBy("id").execute();
    expect(left.map((r) => r.id)).toEqual([ids.unconfirmedNew, ids.deniedRecent, ids.leaseEnded, ids.leaseRunning, ids.activeOld]);
    expect(left.find((r) => r.id === ids.leaseEnded)).toMatchObject({ state: "expired", state_reason: "the lease ended without a renewal" });
    expect(left.find((r) => r.id === ids.leaseRunning)?.state).toBe("active");
    const deliveries = await handle.db.selectFrom("websub_deliveries").select(["subscription_id", "status", "created_at_ms"]).orderBy("id").execute();
    // the old subscription's delivery went with it; a delivery still being retried stays whatever its age
    expect(deliveries).toEqual([
      { subscription_id: ids.leaseRunning, status: "delivered", created_at_ms: (NOW - 86_400) * 1000 },
      { subscription_id: ids.leaseRunning, status: "pending", created_at_ms: (NOW - ENDED_RETENTION_SECONDS - 1) * 1000 },
    ]);

    // the expired lease is dropped 30 days after it was marked
    const later = await purgeExpired(handle.db, handle.dialect, { now: NOW + ENDED_RETENTION_SECONDS + 1, batchSize: 10 });
    expect(later.websub_subscriptions.deleted).toBeGreaterThanOrEqual(2);
    expect(await handle.db.selectFrom("websub_subscriptions").select("id").where("id", "=", ids.leaseEnded).executeTakeFirst()).toBeUndefined();
  });

  it("runs on a schedule in the server process and stops cleanly", async () => {
    // rows that expired relative to the real clock
    await handle.db.insertInto("auth_nonces").values({ nonce: "stale", wallet: "0xw", action: "auth.check", expires_at: 1000, used_at: 900 }).execute();
    const passes: number[] = [];
    const keeper = startHousekeeping({ db: handle.db, dialect: handle.dialect, intervalMs: 200, batchSize: 4, onPass: (r) => passes.push(r.auth_nonces.deleted) });
    const deadline = Date.now() + 60_000;
    while (passes.length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    await keeper.stop();
    expect(passes.length).toBeGreaterThanOrEqual(2);
    // the seeded rows expire around NOW (2030), still ahead of the real clock: only "stale" went
    expect(await handle.db.selectFrom("auth_nonces").select("nonce").where("nonce", "=", "stale").executeTakeFirst()).toBeUndefined();
    expect(await count(handle.db, "auth_nonces")).toBe(EXPIRED + LIVE);
    expect(passes[0]).toBe(1);
    expect(await keeper.runNow()).toBeUndefined();
  });
});
