import { sql } from "kysely";
import type { Db } from "./database";

// The leader's session advisory lock, in PostgreSQL's two-int key space (the projection's
// transaction lock uses the one-bigint space, so the two never collide). PostgreSQL releases it
// when the holding session ends: a killed process's socket closes at once; a vanished host is
// noticed through the keepalives set below (about 11 s).
const LOCK = { namespace: 77_117_002, key: 1 } as const;

export async function tryLeaderLock(conn: Db): Promise<boolean> {
  const result = await sql<{ locked: boolean }>`select pg_try_advisory_lock(${LOCK.namespace}, ${LOCK.key}) as locked`.execute(conn);
  return result.rows[0]?.locked === true;
}

export async function releaseLeaderLock(conn: Db): Promise<void> {
  await sql`select pg_advisory_unlock(${LOCK.namespace}, ${LOCK.key})`.execute(conn);
}

/** Server-side TCP keepalives for the leader's session, so PostgreSQL notices a dead host quickly. */
export async function shortenKeepalives(conn: Db): Promise<void> {
  await sql`set tcp_keepalives_idle = 5`.execute(conn);
  await sql`set tcp_keepalives_interval = 2`.execute(conn);
  await sql`set tcp_keepalives_count = 3`.execute(conn);
}

/** Whether this session still holds the lock; throws when the connection is gone. */
export async function stillHoldsLeaderLock(conn: Db): Promise<boolean> {
  const result = await sql<{ held: boolean }>`
    select exists(
      select 1 from pg_locks
      where locktype = 'advisory' and pid = pg_backend_pid() and classid = ${LOCK.namespace} and objid = ${LOCK.key} and granted
    ) as held`.execute(conn);
  return result.rows[0]?.held === true;
}
