import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect, type SqliteDatabase, type SqliteStatement } from "kysely";
import pg from "pg";
import { logWarn } from "../log";
import type { DB, Db, Dialect } from "./database";
import { registerDialect } from "./dialect";

// int8 columns (timestamps, block numbers) fit in a JS number; uint256 values are stored as text.
pg.types.setTypeParser(20, (value) => Number(value));

/** Negative: KiB (SQLite's convention), per connection. */
export const SQLITE_CACHE_KIB = -65_536;

export type DatabaseHandle = { db: Db; dialect: Dialect; close: () => Promise<void> };

export function isPostgresUrl(url: string | undefined): url is string {
  return url !== undefined && /^postgres(ql)?:\/\//.test(url);
}

export function openDatabase(options: { databaseUrl?: string; sqliteFile: string }): DatabaseHandle {
  if (isPostgresUrl(options.databaseUrl)) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle client dropped by the server (restart, admin command) must not crash the process;
    // the pool discards it and the next query opens a new connection.
    pool.on("error", (error) => logWarn("db", "an idle PostgreSQL connection was dropped", { reason: error.message }));
    // A connection checked out for long (the leader's advisory-lock session) can be dropped too;
    // its query (if any) fails, but the client's "error" event must not crash the process.
    pool.on("connect", (client) => client.on("error", (error) => logWarn("db", "a PostgreSQL connection in use was dropped", { reason: error.message })));
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    registerDialect(db, "postgres");
    return { db, dialect: "postgres", close: () => db.destroy() };
  }
  fs.mkdirSync(path.dirname(path.resolve(options.sqliteFile)), { recursive: true });
  const sqlite = new Database(options.sqliteFile);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("foreign_keys = ON");
  // 64 MiB of page cache instead of SQLite's 2 MB: at a million capsules a status index no longer fits
  // in 2 MB, and its scans (the list caches' counts and anchor walks) ran ~20 % slower; by-id reads
  // measured the same with either (docs/PERFORMANCE.md, "… the SQLite page cache at a million capsules").
  sqlite.pragma(`cache_size = ${SQLITE_CACHE_KIB}`);
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  registerDialect(db, "sqlite");
  return { db, dialect: "sqlite", close: () => db.destroy() };
}

/**
 * better-sqlite3 with its prepared statements kept (least recently used first out): preparing the
 * same SQL again on every request was about a tenth of a read route's CPU (docs/PERFORMANCE.md).
 * Safe because Kysely runs a statement to completion (`all`/`run`) before the next one; this
 * project never streams a query, which could leave a shared statement busy.
 */
export function withStatementCache(sqlite: Database.Database, capacity = 500): SqliteDatabase {
  const statements = new Map<string, SqliteStatement>();
  return {
    close: () => sqlite.close(),
    prepare(sqlText: string) {
      const cached = statements.get(sqlText);
      if (cached) {
        statements.delete(sqlText);
        statements.set(sqlText, cached);
        return cached;
      }
      const statement = sqlite.prepare(sqlText);
      statements.set(sqlText, statement);
      if (statements.size > capacity) {
        const oldest = statements.keys().next();
        if (!oldest.done) statements.delete(oldest.value);
      }
      return statement;
    },
  };
}
