import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { openDatabase, withStatementCache } from "./connection";
import { writeMovesAnswers } from "./write-targets";

describe("the SQLite statement cache", () => {
  it("hands back the prepared statement for SQL it has seen, and forgets the least recently used", () => {
    const sqlite = new Database(":memory:");
    const cache = withStatementCache(sqlite, 2);
    const one = cache.prepare("select 1 as n");
    expect(cache.prepare("select 1 as n")).toBe(one);
    const two = cache.prepare("select 2 as n");
    cache.prepare("select 1 as n"); // most recently used again
    cache.prepare("select 3 as n"); // evicts "select 2"
    expect(cache.prepare("select 1 as n")).toBe(one);
    expect(cache.prepare("select 2 as n")).not.toBe(two);
    expect(cache.prepare("select 2 as n").all([])).toEqual([{ n: 2 }]);
    cache.close();
  });
});

describe("the SQLite generation (what remembered entity tags are checked against)", () => {
  const withFile = async (use: (file: string) => Promise<void>) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "capsule-generation-"));
    try {
      await use(path.join(dir, "capsule.sqlite"));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  };

  it("stays the same across reads and moves with every write of its own connection, committed or not", async () => {
    await withFile(async (file) => {
      const handle = openDatabase({ sqliteFile: file });
      try {
        await sql`create table notes (id integer primary key, text text)`.execute(handle.db);
        const generation = handle.generation!;
        const before = generation();
        await sql`select count(*) from notes`.execute(handle.db);
        expect(generation()).toBe(before);
        await sql`insert into notes (text) values ('one')`.execute(handle.db);
        const afterInsert = generation();
        expect(afterInsert).not.toBe(before);
        // a write inside a transaction moves it before the commit; a rolled-back one too (a needless miss, never a stale hit)
        await handle.db
          .transaction()
          .execute(async (trx) => {
            await sql`update notes set text = 'two'`.execute(trx);
            expect(generation()).not.toBe(afterInsert);
            throw new Error("roll back");
          })
          .catch(() => undefined);
        expect(generation()).not.toBe(afterInsert);
      } finally {
        await handle.close();
      }
    });
  });

  it("stays the same across writes to tables no remembered answer is built from, and moves with any other table", async () => {
    await withFile(async (file) => {
      const handle = openDatabase({ sqliteFile: file });
      try {
        await sql`create table rate_limit_counters (bucket text, window_start integer, count integer, expires_at integer, primary key (bucket, window_start))`.execute(handle.db);
        await sql`create table chain_checkpoints (name text primary key, block_number integer)`.execute(handle.db);
        await sql`create table capsules (id integer primary key, title text)`.execute(handle.db);
        const generation = handle.generation!;
        const before = generation();
        await handle.db.insertInto("rate_limit_counters").values({ bucket: "get:1.2.3.4", window_start: 60, count: 1, expires_at: 120 }).execute();
        await handle.db.updateTable("rate_limit_counters").set({ count: 2 }).where("bucket", "=", "get:1.2.3.4").execute();
        await sql`insert into chain_checkpoints (name, block_number) values ('capsule', 7)`.execute(handle.db);
        await handle.db.deleteFrom("rate_limit_counters").where("expires_at", "<", 200).execute();
        expect(generation()).toBe(before);
        await sql`insert into capsules (title) values ('Quay repairs')`.execute(handle.db);
        expect(generation()).not.toBe(before);
      } finally {
        await handle.close();
      }
    });
  });

  it("judges a write by the table after its verb; a statement of any other shape counts as a change", () => {
    expect(writeMovesAnswers('insert into "rate_limit_counters" ("bucket") values (?) on conflict do update set "count" = "count" + 1')).toBe(false);
    expect(writeMovesAnswers('update "chain_checkpoints" set "block_number" = ?')).toBe(false);
    expect(writeMovesAnswers('delete from "auth_siwe_nonces" where "expires_at" < ?')).toBe(false);
    expect(writeMovesAnswers('insert or ignore into "auth_nonces" ("nonce") values (?)')).toBe(false);
    expect(writeMovesAnswers('insert into "capsules" ("title") values (?)')).toBe(true);
    expect(writeMovesAnswers('update "capsule_votes" set "weight" = ?')).toBe(true);
    expect(writeMovesAnswers("with moved as (delete from rate_limit_counters) insert into capsules default values")).toBe(true);
    expect(writeMovesAnswers("begin")).toBe(true);
  });

  it("moves when another connection commits (a test, a script or another process writing the same file)", async () => {
    await withFile(async (file) => {
      const server = openDatabase({ sqliteFile: file });
      const other = openDatabase({ sqliteFile: file });
      try {
        await sql`create table notes (id integer primary key, text text)`.execute(other.db);
        const before = server.generation!();
        await sql`insert into notes (text) values ('from elsewhere')`.execute(other.db);
        expect(server.generation!()).not.toBe(before);
        const settled = server.generation!();
        expect(server.generation!()).toBe(settled);
      } finally {
        await other.close();
        await server.close();
      }
    });
  });

  it("is undefined on PostgreSQL until the change feed listens (test/operations/postgres-generation.test.ts)", () => {
    const handle = openDatabase({ databaseUrl: "postgres://127.0.0.1:5432/test", sqliteFile: "unused.sqlite" });
    expect(handle.generation?.()).toBeUndefined();
    void handle.close();
  });
});
