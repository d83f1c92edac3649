import { sql } from "kysely";
import type { Dialect, Trx } from "@/lib/db/database";

// Arbitrary constant key of the PostgreSQL advisory lock that serializes projection writes.
const PROJECTION_LOCK_KEY = 77_117_002;

/**
 * Serializes the transactions that write the chain projection (indexer batches, route-triggered
 * syncs, a rebuild) across processes sharing one PostgreSQL database, so a rebuild never
 * interleaves with a batch. SQLite already admits one writer at a time.
 */
export async function lockProjection(trx: Trx, dialect: Dialect, options: { asyncCommit?: boolean } = {}): Promise<void> {
  if (dialect !== "postgres") return;
  // asyncCommit: the commit does not wait for the WAL flush (docs/DECISIONS.md), set in the same round trip
  if (options.asyncCommit) await sql`select pg_advisory_xact_lock(${PROJECTION_LOCK_KEY}), set_config('synchronous_commit', 'off', true)`.execute(trx);
  else await sql`select pg_advisory_xact_lock(${PROJECTION_LOCK_KEY})`.execute(trx);
}
