import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "@/lib/db/connection";
import { migrateToLatest } from "@/lib/db/migrate";
import { counterValue, incrementCounter } from "@/lib/db/repositories/rate-limit-counters.repository";
import type { RateLimitRule } from "@/lib/rate-limit/fixed-window";
import { writeBehindCounter, type SharedCounterAdd } from "@/lib/rate-limit/write-behind-counter";
import { createTestDatabase, postgresAvailable } from "@/test/support/postgres";

// Issue 30 item 1: on PostgreSQL a public GET no longer waits for a counter upsert. A client's first
// request of a window is counted in the database and answered from it; later ones are counted in the
// server and sent together, and the answer of each sending brings back what other servers counted.
// Two "servers" here are two connections to one real PostgreSQL database, each with its own counter.

const available = await postgresAvailable();
const rule: RateLimitRule = { name: "bridge-public-get-ip", limit: 40, windowSeconds: 3600 };
// the middle of an hour-long window: no window edge during the test
const now = Math.floor(Date.now() / 3_600_000) * 3600 + 1800;
const windowStart = now - 1800;

describe.runIf(available)("public GETs counted behind, shared through PostgreSQL", () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let one: DatabaseHandle;
  let two: DatabaseHandle;
  const sent: number[] = [];
  const adder =
    (handle: () => DatabaseHandle): SharedCounterAdd =>
    (bucket, start, resetAt, by) => {
      sent.push(by);
      return incrementCounter(handle().db, bucket, start, resetAt, by);
    };
  const server = (handle: () => DatabaseHandle) => writeBehindCounter(adder(handle), { flushMs: 60_000, onFlushError: () => undefined });
  const stored = (key: string) => counterValue(one.db, `${rule.name}:${key}`, windowStart);

  beforeAll(async () => {
    database = await createTestDatabase();
    one = openDatabase({ databaseUrl: database.url, sqliteFile: "unused.sqlite" });
    two = openDatabase({ databaseUrl: database.url, sqliteFile: "unused.sqlite" });
    await migrateToLatest(one.db);
  });

  afterAll(async () => {
    await one?.close();
    await two?.close();
    await database?.drop();
  });

  it("on one server the limit is exact: the 41st GET is refused, and every GET reaches the database when sent", async () => {
    const counter = server(() => one);
    sent.length = 0;
    const answers = [];
    for (let i = 0; i < 41; i++) answers.push(await counter(rule, "203.0.113.1", now));
    expect(answers.slice(0, 40).every((a) => a.allowed)).toBe(true);
    expect(answers.map((a) => a.remaining).slice(0, 3)).toEqual([39, 38, 37]);
    expect(answers[40]).toMatchObject({ allowed: false, remaining: 0 });
    expect(sent).toEqual([1]); // only the first waited for the database
    expect(await stored("203.0.113.1")).toBe(1);
    await counter.flush();
    expect(sent).toEqual([1, 40]);
    expect(await stored("203.0.113.1")).toBe(41);
  });

  it("a client's first GET on a server learns what the other servers counted", async () => {
    const a = server(() => one);
    const b = server(() => two);
    for (let i = 0; i < 30; i++) await a(rule, "203.0.113.2", now);
    await a.flush();
    const first = await b(rule, "203.0.113.2", now);
    expect(first.remaining).toBe(40 - 31);
    for (let i = 0; i < 8; i++) await b(rule, "203.0.113.2", now);
    expect((await b(rule, "203.0.113.2", now)).remaining).toBe(0); // the 40th
    expect((await b(rule, "203.0.113.2", now)).allowed).toBe(false);
    await b.flush();
    expect(await stored("203.0.113.2")).toBe(41);
    // server a hears of b's GETs with its next sending: until then it answers from what it knew
    const stale = await a(rule, "203.0.113.2", now);
    expect(stale.remaining).toBe(40 - 31);
    await a.flush();
    expect((await a(rule, "203.0.113.2", now)).allowed).toBe(false);
    await a.flush();
    expect(await stored("203.0.113.2")).toBe(43);
  });

  it("concurrent first GETs of a client wait for one count in the database, then count on", async () => {
    const counter = server(() => one);
    sent.length = 0;
    const answers = await Promise.all(Array.from({ length: 20 }, () => counter(rule, "203.0.113.3", now)));
    expect(sent).toEqual([1]);
    expect(answers.map((a) => a.remaining).sort((x, y) => y - x)).toEqual(Array.from({ length: 20 }, (_, i) => 39 - i));
    await counter.flush();
    expect(await stored("203.0.113.3")).toBe(20);
  });

  it("counts a sending could not deliver are sent again with the next one", async () => {
    let refuse = true;
    const errors: unknown[] = [];
    const counter = writeBehindCounter(
      (bucket, start, resetAt, by) => {
        if (by > 1 && refuse) {
          refuse = false;
          return Promise.reject(new Error("connection reset"));
        }
        return incrementCounter(one.db, bucket, start, resetAt, by);
      },
      { flushMs: 60_000, onFlushError: (error) => errors.push(error) },
    );
    for (let i = 0; i < 5; i++) await counter(rule, "203.0.113.4", now);
    await counter.flush();
    expect(errors).toHaveLength(1);
    expect(await stored("203.0.113.4")).toBe(1);
    await counter.flush();
    expect(await stored("203.0.113.4")).toBe(5);
  });

  it("forgets the clients of ended windows with the next sending", async () => {
    const counter = server(() => one);
    const ended = now - 2 * rule.windowSeconds;
    for (let i = 0; i < 30; i++) await counter(rule, `198.51.100.${i}`, ended);
    await counter(rule, "198.51.100.200", now);
    expect(counter.tracked()).toBe(31);
    await counter.flush();
    expect(counter.tracked()).toBe(1);
  });
});
