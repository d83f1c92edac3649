import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "@/lib/db/connection";
import { migrateToLatest } from "@/lib/db/migrate";
import { postgresGeneration, setRememberBound, WRITES_CHANNEL } from "@/lib/db/postgres-generation";
import { listenForProjectionChanges } from "@/lib/indexer/change-feed-postgres";
import { eventually } from "@/features/outlets/outlets.test-support";
import { createTestDatabase, postgresAvailable } from "@/test/support/postgres";

// Issue 30 item 1: on PostgreSQL a remembered answer is checked against a generation that moves with
// this server's own writes (at once, before and after they commit), with every committed write of
// any server (each pool NOTIFYs WRITES_CHANNEL inside the transaction that wrote), and with the
// indexer's change feed; while the feed is not listening nothing is remembered.

const available = await postgresAvailable();

describe.runIf(available)("the PostgreSQL generation remembered answers are checked against", () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let handle: DatabaseHandle;
  let feed: { stop: () => Promise<void> } | undefined;
  const heard: string[] = [];
  let ear: pg.Client;

  beforeAll(async () => {
    database = await createTestDatabase();
    handle = openDatabase({ databaseUrl: database.url, sqliteFile: "unused.sqlite" });
    await migrateToLatest(handle.db);
    // a bound longer than the test: only writes and notices end an answer here
    setRememberBound(3_600_000);
    ear = new pg.Client({ connectionString: database.url });
    await ear.connect();
    ear.on("notification", (message) => heard.push(message.channel));
    await ear.query(`listen ${WRITES_CHANNEL}`);
  });

  afterAll(async () => {
    await feed?.stop();
    await ear?.end();
    await handle?.close();
    await database?.drop();
    setRememberBound(2000);
  });

  const insertOutlet = (db: DatabaseHandle["db"], slug: string) =>
    db.insertInto("outlets").values({
      slug,
      name: slug,
      domain: `${slug}.example.org`,
      description: null,
      metadata_uri: null,
      owner_wallet: "0x000000000000000000000000000000000000dEaD",
      status: "pending",
      policy_id: "default",
      verification_token: slug,
      verified_at: null,
      first_verified_at: null,
      last_checked_at: null,
      last_result: null,
      created_at: 1,
      updated_at: 1,
    }).execute();

  it("remembers nothing until the change feed listens", async () => {
    expect(handle.generation!()).toBeUndefined();
    feed = await listenForProjectionChanges({ databaseUrl: database.url });
    expect(handle.generation!()).toBeDefined();
  });

  it("stays the same across reads and moves with this server's own writes, inside the transaction and at its commit", async () => {
    const quiet = handle.generation!();
    await handle.db.selectFrom("capsules").selectAll().limit(5).execute();
    expect(handle.generation!()).toBe(quiet);
    let inside: string | undefined;
    await handle.db.transaction().execute(async (trx) => {
      await insertOutlet(trx, "generation-one");
      inside = handle.generation!();
      expect(inside).not.toBe(quiet);
    });
    const committed = handle.generation!();
    expect(committed).not.toBe(inside);
    // its own notice comes back to this server's feed too, and is not counted twice
    heard.length = 0;
    await handle.db.transaction().execute(async (trx) => insertOutlet(trx, "generation-echo"));
    const afterEcho = handle.generation!();
    await eventually(async () => (heard.length > 0 ? true : undefined), "the write's notification");
    await new Promise((r) => setTimeout(r, 300));
    expect(handle.generation!()).toBe(afterEcho);
  });

  it("tells the other servers of a committed write, once per transaction, and of nothing rolled back or unrelated", async () => {
    heard.length = 0;
    await handle.db.transaction().execute(async (trx) => {
      await insertOutlet(trx, "generation-two");
      await insertOutlet(trx, "generation-three");
    });
    await eventually(async () => (heard.length > 0 ? true : undefined), "the committed write's notification");
    expect(heard).toEqual([WRITES_CHANNEL]);
    await handle.db
      .transaction()
      .execute(async (trx) => {
        await insertOutlet(trx, "generation-four");
        throw new Error("changed my mind");
      })
      .catch(() => undefined);
    await handle.db.insertInto("rate_limit_counters").values({ bucket: "generation-test", window_start: 1, count: 1, expires_at: 2 }).execute();
    await insertOutlet(handle.db, "generation-five"); // outside a transaction: told after it ran
    // notifications arrive in commit order: by the autocommit write's, any for the rollback or the counter would be here
    await eventually(async () => (heard.length > 1 ? true : undefined), "the autocommit write's notification");
    expect(heard).toEqual([WRITES_CHANNEL, WRITES_CHANNEL]);
    expect(await handle.db.selectFrom("outlets").select("slug").where("slug", "=", "generation-four").executeTakeFirst()).toBeUndefined();
  });

  it("moves when another server's write is announced, and when the feed is lost", async () => {
    const before = handle.generation!();
    await ear.query(`select pg_notify('${WRITES_CHANNEL}', '')`);
    await eventually(async () => (handle.generation!() !== before ? true : undefined), "the generation to move on another server's notice");
    await feed!.stop();
    feed = undefined;
    expect(postgresGeneration()).toBeUndefined();
  });
});
