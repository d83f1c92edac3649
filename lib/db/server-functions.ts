// Statements that are not about one table: the health ping, the schema check of a restore, advisory locks.
import { sql } from "kysely";
import type { DbOrTrx } from "./database";
import { dialectOf } from "./dialect";

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

/** The kinds of row a two-key lock names (its first key); one number per kind, so no two kinds share a lock. */
export const LOCK_SPACE = {
  /** an outlet's open role offers (the bound per outlet) */
  outletRoleOffers: 77_117_050,
  /** an outlet's drafts (the bound per author at the outlet) */
  outletDrafts: 77_117_060,
  /** a capsule's rights listings (the bound and the exclusive-clash check) */
  capsuleListings: 77_117_070,
  /** the open role offers to one wallet, from any outlet (the bound per recipient; the id is walletLockId's) */
  walletRoleOffers: 77_117_080,
  /** one LicenceEscrow payment (the id is the payment id): its Refunded projected and the bridge's release decision, one at a time */
  escrowPayment: 77_117_090,
} as const;

/**
 * The lock id of a wallet (a two-key lock's second key): the address's first 32 bits as a signed int4. Two wallets
 * sharing them only wait for each other.
 */
export function walletLockId(wallet: string): number {
  return Number.parseInt(wallet.slice(2, 10), 16) | 0;
}

/**
 * Holds the rows of one kind that belong to `id` (an outlet's role offers, a capsule's listings…) until `trx` ends, so
 * that counting or checking them and inserting one more run one request at a time: PostgreSQL's transaction-level
 * advisory lock on (`space`, `id`). SQLite needs nothing: one connection, whose transaction runs alone. The two-key
 * locks never collide with the one-key locks of takeTransactionLock.
 */
export async function takeTransactionLockOn(trx: DbOrTrx, space: (typeof LOCK_SPACE)[keyof typeof LOCK_SPACE], id: number): Promise<void> {
  if (dialectOf(trx) === "postgres") await sql`select pg_advisory_xact_lock(${space}::int4, ${id}::int4)`.execute(trx);
}
