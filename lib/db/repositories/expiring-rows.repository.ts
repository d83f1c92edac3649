import { sql } from "kysely";
import type { Db, Dialect } from "@/lib/db/database";

/** Tables with an `expires_at` column that housekeeping may purge. */
export type PurgeTable = "auth_nonces" | "auth_siwe_nonces" | "auth_sessions" | "rate_limit_counters";

/**
 * Deletes at most `limit` rows of `table` whose expires_at is before `before`, in one statement
 * (its own short transaction). The rows are chosen by their physical row id (SQLite rowid,
 * PostgreSQL ctid), so every table works the same whatever its primary key; on PostgreSQL rows
 * another purger holds are skipped rather than waited for. Returns the number deleted.
 */
export async function purgeBatch(db: Db, dialect: Dialect, table: PurgeTable, before: number, limit: number): Promise<number> {
  const name = sql.table(table);
  const result =
    dialect === "postgres"
      ? await sql`delete from ${name} where ctid in (select ctid from ${name} where expires_at < ${before} limit ${limit} for update skip locked)`.execute(db)
      : await sql`delete from ${name} where rowid in (select rowid from ${name} where expires_at < ${before} limit ${limit})`.execute(db);
  return Number(result.numAffectedRows ?? 0n);
}
