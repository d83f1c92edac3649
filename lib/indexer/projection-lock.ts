import { sql } from "kysely";
import type { Db, Trx } from "@/lib/db/database";
import { isPostgres } from "@/lib/db/bulk-insert";

// Arbitrary constant key of the PostgreSQL advisory lock that serializes projection writes.
const PROJECTION_LOCK_KEY = 77_117_002;

/**
 * The advisory lock serializes the transactions that write the chain projection (indexer batches,
 * route-triggered syncs, a rebuild) across processes sharing one PostgreSQL database, so a rebuild
 * never interleaves with a batch; SQLite already admits one writer at a time.
 *
 * PostgreSQL: `work` in a transaction that BEGINs and takes the projection lock in one round trip
 * (one simple-protocol query of two statements; Kysely's own transaction sends BEGIN alone), then
 * COMMITs, or ROLLs BACK on any error. `asyncCommit`: the commit does not wait for the WAL flush
 * (docs/DECISIONS.md), set in the same round trip. `work` gets the connection as a Trx: one
 * connection, inside a transaction, like Kysely's; it must not open a transaction of its own.
 */
export async function inLockedPostgresTransaction<T>(db: Db, options: { asyncCommit?: boolean }, work: (trx: Trx) => Promise<T>): Promise<T> {
  const settings = options.asyncCommit ? ", set_config('synchronous_commit', 'off', true)" : "";
  return db.connection().execute(async (conn) => {
    try {
      // no parameters: node-postgres sends it as a simple query, which may hold several statements
      await sql.raw(`begin; select pg_advisory_xact_lock(${PROJECTION_LOCK_KEY})${settings}`).execute(conn);
      const result = await work(conn as unknown as Trx);
      await sql.raw("commit").execute(conn);
      return result;
    } catch (error) {
      await sql.raw("rollback").execute(conn).catch(() => undefined);
      throw error;
    }
  });
}

/**
 * Takes the projection lock inside a transaction that is already open (PostgreSQL; SQLite admits one writer at a
 * time already), for a write outside the indexer that must not interleave with a batch or a rewind: what it read
 * from the projection after this stays true until it commits.
 */
export async function lockProjectionIn(trx: Trx): Promise<void> {
  if (isPostgres(trx)) await sql.raw(`select pg_advisory_xact_lock(${PROJECTION_LOCK_KEY})`).execute(trx);
}
