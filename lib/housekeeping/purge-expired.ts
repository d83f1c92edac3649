import type { Db, Dialect } from "@/lib/db/database";
import { purgeBatch, type PurgeTable } from "@/lib/db/repositories/expiring-rows.repository";
import { expireEndedLeases, purgeFinishedDeliveries, purgeStaleSubscriptions } from "./websub-rows.repository";

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
/** What one pass did: rows deleted from each table; `websub_leases` counts subscriptions marked expired. */
export type PurgeStep = PurgeTable | "websub_leases" | "websub_subscriptions" | "websub_deliveries";
export type PurgeReport = Record<PurgeStep, { deleted: number; batches: number; more: boolean }>;

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Runs `batch` until it comes back short or `maxBatches` ran. */
async function inBatches(batch: (limit: number) => Promise<number>, batchSize: number, maxBatches: number): Promise<PurgeReport[PurgeStep]> {
  let deleted = 0;
  let batches = 0;
  while (batches < maxBatches) {
    const n = await batch(batchSize);
    batches += 1;
    deleted += n;
    if (n < batchSize) return { deleted, batches, more: false };
    await yieldToEventLoop();
  }
  return { deleted, batches, more: true };
}

/**
 * One housekeeping pass: for each table, delete expired rows batch by batch (each batch one short
 * statement, the event loop served in between) until a batch comes back short or the per-table cap
 * is reached; what is left waits for the next pass (`more`). Then the WebSub hub's rows
 * (./websub-rows.repository.ts). Idempotent, safe on several servers.
 */
export async function purgeExpired(db: Db, dialect: Dialect, options: PurgeOptions): Promise<PurgeReport> {
  const maxBatches = options.maxBatchesPerTable ?? 100;
  const { now, batchSize } = options;
  const report = {} as PurgeReport;
  for (const { table, graceSeconds } of purgeTargets) {
    report[table] = await inBatches((limit) => purgeBatch(db, dialect, table, now - graceSeconds, limit), batchSize, maxBatches);
  }
  report.websub_leases = await inBatches((limit) => expireEndedLeases(db, now, limit), batchSize, maxBatches);
  report.websub_subscriptions = await inBatches((limit) => purgeStaleSubscriptions(db, now, limit), batchSize, maxBatches);
  report.websub_deliveries = await inBatches((limit) => purgeFinishedDeliveries(db, now, limit), batchSize, maxBatches);
  return report;
}
