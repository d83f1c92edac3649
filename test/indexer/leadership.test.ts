import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "@/lib/db/connection";
import { runLeaderDuties, type LeaderDuty, type Leadership } from "@/lib/leadership/leadership";
import { leadershipState } from "@/lib/leadership/leadership-state";
import { createTestDatabase, postgresAvailable } from "@/test/support/postgres";
import { eventually } from "@/features/outlets/outlets.test-support";

// runLeaderDuties: exactly one server runs the duties at a time. PostgreSQL: a session advisory
// lock on a connection of its own; another server takes over when the leader stops, when its
// session is killed, and after a duty failed to start. SQLite: the one server always leads.

/** Duties that record which server runs them, and whether two ever ran at once. */
function dutyLog() {
  const running = new Set<string>();
  const overlaps: string[] = [];
  const starts: string[] = [];
  const duty = (server: string, name = "indexer"): LeaderDuty => ({
    name,
    start: async () => {
      const key = `${server}:${name}`;
      for (const other of running) if (other.endsWith(`:${name}`)) overlaps.push(`${key} started while ${other} ran`);
      running.add(key);
      starts.push(key);
      return { stop: async () => void running.delete(key) };
    },
  });
  return { running, overlaps, starts, duty };
}

const pg = await postgresAvailable();
const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

describe("leadership on SQLite", () => {
  it("the one server leads at once and stops its duties in reverse order", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "capsule-leadership-"));
    const handle = openDatabase({ sqliteFile: path.join(dir, "capsule.sqlite") });
    cleanups.push(async () => (await handle.close(), fs.rmSync(dir, { recursive: true, force: true })));
    const order: string[] = [];
    const duty = (name: string): LeaderDuty => ({ name, start: async () => (order.push(`start ${name}`), { stop: async () => void order.push(`stop ${name}`) }) });
    const leadership = await runLeaderDuties({ db: handle.db, dialect: "sqlite", duties: [duty("indexer"), duty("outbox")] });
    expect(leadership.isLeader()).toBe(true);
    expect(leadershipState()).toMatchObject({ role: "leader", duties: ["indexer", "outbox"] });
    await leadership.stop();
    expect(order).toEqual(["start indexer", "start outbox", "stop outbox", "stop indexer"]);
    expect(leadershipState()).toBeUndefined();
  });
});

describe.runIf(pg)("leadership on PostgreSQL", () => {
  const servers: Array<{ handle: DatabaseHandle; leadership: Leadership | undefined }> = [];
  let url = "";

  const server = async (duties: LeaderDuty[], log?: (m: string) => void) => {
    const handle = openDatabase({ databaseUrl: url, sqliteFile: "" });
    const entry = { handle, leadership: undefined as Leadership | undefined };
    servers.push(entry);
    entry.leadership = await runLeaderDuties({ db: handle.db, dialect: "postgres", duties, ...(log ? { log } : {}) });
    return entry.leadership;
  };

  it("one of three servers leads; when it stops or its session is killed, exactly one other takes over", async () => {
    const database = await createTestDatabase("capsule_leader");
    url = database.url;
    cleanups.push(async () => {
      for (const s of servers) {
        await s.leadership?.stop();
        await s.handle.close();
      }
      await database.drop();
    });
    const log = dutyLog();
    const a = await server([log.duty("a"), log.duty("a", "outbox")]);
    const b = await server([log.duty("b"), log.duty("b", "outbox")]);
    const c = await server([log.duty("c"), log.duty("c", "outbox")]);
    expect([a.isLeader(), b.isLeader(), c.isLeader()]).toEqual([true, false, false]);
    expect([...log.running].sort()).toEqual(["a:indexer", "a:outbox"]);

    const stoppedAt = Date.now();
    await a.stop();
    const next = await eventually(async () => ([b, c].filter((l) => l.isLeader()).length === 1 ? [b, c].find((l) => l.isLeader()) : undefined), "a new leader", 15_000);
    console.log(`[leadership] a follower took over ${Date.now() - stoppedAt} ms after the leader stopped`);
    expect(log.running.size).toBe(2);

    // The leader's session dies (as when its host vanishes): PostgreSQL drops the lock; the leader
    // notices within a second and stops its duties; the remaining follower takes over.
    const holder = await sql<{ pid: number }>`select pid from pg_locks where locktype = 'advisory' and classid = 77117002 and objid = 1 and granted and database = (select oid from pg_database where datname = current_database())`.execute(servers[0]!.handle.db);
    expect(holder.rows).toHaveLength(1);
    const startsBefore = log.starts.length;
    await sql`select pg_terminate_backend(${holder.rows[0]!.pid})`.execute(servers[0]!.handle.db);
    await eventually(
      async () => (log.starts.length >= startsBefore + 2 && [b, c].filter((l) => l.isLeader()).length === 1 && log.running.size === 2 ? true : undefined),
      "a leader again after the leader's session was killed",
      15_000,
    );
    expect(next).toBeDefined();
    expect(log.overlaps).toEqual([]);
  });

  it("a duty that fails to start releases the lock, and the leadership is tried again", async () => {
    let attempts = 0;
    const messages: string[] = [];
    const flaky: LeaderDuty = {
      name: "flaky",
      start: async () => {
        attempts += 1;
        if (attempts === 1) throw new Error("the node is not answering yet");
        return { stop: async () => undefined };
      },
    };
    const database = await createTestDatabase("capsule_leader");
    url = database.url;
    const handle = openDatabase({ databaseUrl: url, sqliteFile: "" });
    cleanups.push(async () => (await handle.close(), await database.drop()));
    const leadership = await runLeaderDuties({ db: handle.db, dialect: "postgres", duties: [flaky], log: (m) => messages.push(m) });
    cleanups.push(() => leadership.stop());
    expect(leadership.isLeader()).toBe(false);
    expect(messages.join("\n")).toContain("the node is not answering yet");
    await eventually(async () => (leadership.isLeader() ? true : undefined), "leadership after the retry", 15_000);
    expect(attempts).toBe(2);
  });
});
