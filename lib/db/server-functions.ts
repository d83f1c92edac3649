// Statements that are not about one table: the health ping, the schema check of a restore, advisory locks.
import { sql } from "kysely";
import type { DbOrTrx } from "./database";

/** True when the database answers a trivial query (the health check). */
export function pingDatabase(db: DbOrTrx): Promise<boolean> {
  return sql`select 1 as one`.execute(db).then(() => true, () => false);
}

/** How many tables PostgreSQL's public schema holds (a restore refuses a database that is not empty). */
export async function countPublicTables(db: DbOrTrx): Promise<number> {
  const tables = await sql<{ n: number }>`select count(*)::int as n from information_schema.tables where table_schema = 'public'`.execute(db);
  return tables.rows[0]?.n ?? 0;
}

/** Holds PostgreSQL's transaction-level advisory lock `key` until the transaction ends. */
export async function takeTransactionLock(trx: DbOrTrx, key: number | bigint): Promise<void> {
  await sql`select pg_advisory_xact_lock(${key})`.execute(trx);
}

/**
 * Holds PostgreSQL's transaction-level advisory lock on (`space`, `id`) until the transaction ends: one lock per row of
 * some kind (`space` names the kind). The two-key locks never collide with the one-key locks of takeTransactionLock.
 */
export async function takeTransactionLockOn(trx: DbOrTrx, space: number, id: number): Promise<void> {
  await sql`select pg_advisory_xact_lock(${space}::int4, ${id}::int4)`.execute(trx);
}
