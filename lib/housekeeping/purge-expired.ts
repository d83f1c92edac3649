import type { Db, Dialect } from "@/lib/db/database";
import { purgeBatch, type PurgeTable } from "@/lib/db/repositories/expiring-rows.repository";

// What housekeeping removes, and from when. Every row here is useless after its expiry: a used action
// nonce only has to outlive its token (expires_at = token expiry + 60 s skew), a sign-in nonce is
// refused once expired, a rate-limit counter belongs to a closed window. Sessions are kept a day past
// their expiry so a late token is told "expired" rather than "unknown session".
export const SESSION_RETENTION_SECONDS = 86_400;

export const purgeTargets: ReadonlyArray<{ table: PurgeTable; graceSeconds: number }> = [
  { table: "auth_nonces", graceSeconds: 0 },
  { table: "auth_siwe_nonces", graceSeconds: 0 },
  { table: "rate_limit_counters", graceSeconds: 0 },
  { table: "auth_sessions", graceSeconds: SESSION_RETENTION_SECONDS },
];

export type PurgeOptions = { now: number; batchSize: number; maxBatchesPerTable?: number };
export type PurgeReport = Record<PurgeTable, { deleted: number; batches: number; more: boolean }>;

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * One housekeeping pass: for each table, delete expired rows batch by batch (each batch one short
 * statement, the event loop served in between) until a batch comes back short or the per-table cap
 * is reached; what is left waits for the next pass (`more`). Idempotent, safe on several servers.
 */
export async function purgeExpired(db: Db, dialect: Dialect, options: PurgeOptions): Promise<PurgeReport> {
  const maxBatches = options.maxBatchesPerTable ?? 100;
  const report = {} as PurgeReport;
  for (const { table, graceSeconds } of purgeTargets) {
    let deleted = 0;
    let batches = 0;
    let more = true;
    while (batches < maxBatches) {
      const n = await purgeBatch(db, dialect, table, options.now - graceSeconds, options.batchSize);
      batches += 1;
      deleted += n;
      if (n < options.batchSize) {
        more = false;
        break;
      }
      await yieldToEventLoop();
    }
    report[table] = { deleted, batches, more };
  }
  return report;
}
