import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect } from "kysely";
import pg from "pg";
import { logWarn } from "../log";
import type { DB, Db, Dialect } from "./database";

// int8 columns (timestamps, block numbers) fit in a JS number; uint256 values are stored as text.
pg.types.setTypeParser(20, (value) => Number(value));

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
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: "postgres", close: () => db.destroy() };
  }
  fs.mkdirSync(path.dirname(path.resolve(options.sqliteFile)), { recursive: true });
  const sqlite = new Database(options.sqliteFile);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("foreign_keys = ON");
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { db, dialect: "sqlite", close: () => db.destroy() };
}
