import "server-only";
import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import { config } from "@/lib/config/config";
import { logWarn } from "@/lib/log";
import { database } from "@/lib/db/client";
import type { DB, Db } from "@/lib/db/database";
import { hitMemoryRateLimit } from "./memory-counter";
import { hitRateLimit, peekRateLimit, type RateLimitRule, type RateLimitHit } from "./rate-limiter";
import { processHolder } from "@/lib/process-registry";
import { incrementCounter } from "@/lib/db/repositories/rate-limit-counters.repository";
import { writeBehindCounter, type WriteBehindCounter } from "./write-behind-counter";

const shared = processHolder<{ capsuleCounterDb: Db; capsulePublicGetCounter: WriteBehindCounter }>("rateCounterDatabase");

/** How often a server sends the public GETs it counted to the shared counters (the staleness bound between servers). */
export const PUBLIC_GET_FLUSH_MS = 250;

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
  if (!shared.capsuleCounterDb) {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 4, idleTimeoutMillis: 10_000, allowExitOnIdle: true, options: "-c synchronous_commit=off" });
    // Without a listener, an idle connection the server drops (restart, admin command) would crash the process.
    pool.on("error", (error) => logWarn("db", "an idle rate-limit counter connection was dropped", { reason: error.message }));
    shared.capsuleCounterDb = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  }
  return shared.capsuleCounterDb;
}

export type RequestCounters = {
  publicGet: RateLimitHit;
  write: RateLimitHit;
  /** Reads a `write` counter without adding to it (the failed-authentication limit is checked before a token is verified). */
  peekWrite: (rule: RateLimitRule, key: string, now: number) => Promise<number>;
};

let memo: { handle: ReturnType<typeof database>; counters: RequestCounters } | undefined;

/**
 * Where the bridge's per-request limits count. Embedded SQLite (one server, nothing to share):
 * public GETs in this process, so a read costs no write; writes in SQL as before. PostgreSQL:
 * both in the shared database, through the counter pool above; public GETs written behind
 * (write-behind-counter.ts: a client's first GET of a window waits for the database, later ones
 * are sent together every 250 ms), signed writes counted in SQL one by one, exactly.
 */
export function requestCounters(): RequestCounters {
  const handle = database();
  // the wrapper asks on every request: the closures are made once per database handle
  if (memo?.handle !== handle) memo = { handle, counters: countersOf(handle) };
  return memo.counters;
}

function countersOf(handle: ReturnType<typeof database>): RequestCounters {
  const url = config().DATABASE_URL;
  if (handle.dialect === "sqlite" || !url) {
    return {
      publicGet: hitMemoryRateLimit,
      write: (rule, key, now) => hitRateLimit(handle.db, rule, key, now),
      peekWrite: (rule, key, now) => peekRateLimit(handle.db, rule, key, now),
    };
  }
  const db = counterDb(url);
  const sql: RateLimitHit = (rule, key, now) => hitRateLimit(db, rule, key, now);
  // one counter for Next's bundle and the server entry alike (two module graphs in one process)
  shared.capsulePublicGetCounter ??= writeBehindCounter((bucket, windowStart, resetAt, by) => incrementCounter(db, bucket, windowStart, resetAt, by), {
    flushMs: PUBLIC_GET_FLUSH_MS,
    onFlushError: (error) => logWarn("db", "public GET counts could not be sent to PostgreSQL; they are sent again", { reason: error instanceof Error ? error.message : String(error) }),
  });
  return { publicGet: shared.capsulePublicGetCounter, write: sql, peekWrite: (rule, key, now) => peekRateLimit(db, rule, key, now) };
}
