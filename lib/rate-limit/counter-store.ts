import "server-only";
import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import { config } from "@/lib/config/config";
import { database } from "@/lib/db/client";
import type { DB, Db } from "@/lib/db/database";
import { hitMemoryRateLimit } from "./memory-counter";
import { hitRateLimit, type RateLimitHit } from "./rate-limiter";

const shared = globalThis as unknown as { capsuleCounterDb?: Db };

/**
 * PostgreSQL connections for rate-limit counters only, with synchronous_commit off. Every bridge
 * request bumps one counter row per client; with synchronous commits each bump waited for a WAL
 * flush while holding that row's lock, so one client's requests were serialized at the disk's
 * fsync rate (measured: 2.3 ms per bump vs 0.22 ms; see docs/PERFORMANCE.md). The counts stay
 * exact and shared by every server; only a PostgreSQL crash could forget the last few hundred
 * milliseconds of increments of a one-minute window. Its own small pool also keeps counter
 * writes from queueing behind the read pool.
 */
function counterDb(databaseUrl: string): Db {
  shared.capsuleCounterDb ??= new Kysely<DB>({
    dialect: new PostgresDialect({
      pool: new pg.Pool({ connectionString: databaseUrl, max: 4, idleTimeoutMillis: 10_000, allowExitOnIdle: true, options: "-c synchronous_commit=off" }),
    }),
  });
  return shared.capsuleCounterDb;
}

export type RequestCounters = { publicGet: RateLimitHit; write: RateLimitHit };

/**
 * Where the bridge's per-request limits count. Embedded SQLite (one server, nothing to share):
 * public GETs in this process, so a read costs no write; writes in SQL as before. PostgreSQL:
 * both in the shared database, through the counter pool above.
 */
export function requestCounters(): RequestCounters {
  const handle = database();
  const url = config().DATABASE_URL;
  if (handle.dialect === "sqlite" || !url) {
    return { publicGet: hitMemoryRateLimit, write: (rule, key, now) => hitRateLimit(handle.db, rule, key, now) };
  }
  const db = counterDb(url);
  const sql: RateLimitHit = (rule, key, now) => hitRateLimit(db, rule, key, now);
  return { publicGet: sql, write: sql };
}
