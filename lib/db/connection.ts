import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect, type SqliteDatabase, type SqliteStatement } from "kysely";
import pg from "pg";
import { logWarn } from "@/lib/log";
import type { DB, Db, Dialect } from "./database";
import { registerDialect } from "./dialect";
import { countingPool, postgresGeneration, rememberBoundMs } from "./postgres-generation";
import { writeMovesAnswers } from "./write-targets";

// int8 columns (timestamps, block numbers) fit in a JS number; uint256 values are stored as text.
pg.types.setTypeParser(20, (value) => Number(value));

/** Negative: KiB (SQLite's convention), per connection. */
export const SQLITE_CACHE_KIB = -65_536;

export type DatabaseHandle = {
  db: Db;
  dialect: Dialect;
  close: () => Promise<void>;
  /**
   * A value that differs after any write committed since it was read. Read it before reading rows; an
   * answer built from those rows stays right while it is unchanged. On SQLite exact (this connection's
   * writes and any other's); on PostgreSQL the change feed and this server's writes
   * (lib/db/postgres-generation.ts), and undefined — nothing remembered — while the feed is not listening.
   */
  generation?: () => string | undefined;
  /** PostgreSQL: the longest an answer is kept after the generation it was read at (writes no notice announces); SQLite: unbounded. */
  rememberMs?: () => number;
};

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
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: countingPool(pool) }) });
    registerDialect(db, "postgres");
    return { db, dialect: "postgres", close: () => db.destroy(), generation: () => postgresGeneration(), rememberMs: rememberBoundMs };
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
  const writes = { count: 0 };
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite, 500, writes) }) });
  registerDialect(db, "sqlite");
  // data_version moves when another connection commits; this connection's own writes are counted as they run
  // (prepared once: better-sqlite3's pragma() prepares on every call, most of a 304's remaining cost)
  const dataVersion = sqlite.prepare("PRAGMA data_version").pluck();
  const generation = () => `${String(dataVersion.get())}:${writes.count}`;
  return { db, dialect: "sqlite", close: () => db.destroy(), generation };
}

/**
 * better-sqlite3 with its prepared statements kept (least recently used first out): preparing the
 * same SQL again on every request was about a tenth of a read route's CPU (docs/PERFORMANCE.md).
 * Safe because Kysely runs a statement to completion (`all`/`run`) before the next one; this
 * project never streams a query, which could leave a shared statement busy.
 */
export function withStatementCache(sqlite: Database.Database, capacity = 500, writes?: { count: number }): SqliteDatabase {
  const statements = new Map<string, Database.Statement>();
  const movesAnswers = new WeakMap<Database.Statement, boolean>();
  // Kysely runs a statement right after preparing it, in the same turn: a write is counted before it runs,
  // so a generation read after it (or while its transaction is open) is never the one read before it
  const counted = (statement: Database.Statement): SqliteStatement => {
    if (writes && !statement.readonly && movesAnswers.get(statement) !== false) writes.count++;
    return statement;
  };
  const remember = (statement: Database.Statement) => {
    movesAnswers.set(statement, writeMovesAnswers(statement.source));
    return statement;
  };
  return {
    close: () => sqlite.close(),
    prepare(sqlText: string) {
      const cached = statements.get(sqlText);
      if (cached) {
        statements.delete(sqlText);
        statements.set(sqlText, cached);
        return counted(cached);
      }
      const statement = remember(sqlite.prepare(sqlText));
      statements.set(sqlText, statement);
      if (statements.size > capacity) {
        const oldest = statements.keys().next();
        if (!oldest.done) statements.delete(oldest.value);
      }
      return counted(statement);
    },
  };
}
