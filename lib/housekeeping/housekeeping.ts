import type { Db, Dialect } from "@/lib/db/database";
import { purgeExpired, type PurgeReport } from "./purge-expired";

export type Housekeeping = {
  /** Runs one pass now (waits for a pass already running instead of starting a second). */
  runNow: () => Promise<PurgeReport | undefined>;
  stop: () => Promise<void>;
};

/**
 * Purges used nonces, expired sessions and rate-limit counters every `intervalMs` in the server
 * process (first pass right away). Passes never overlap; a failed pass is reported and retried at the
 * next interval. Every server may run it: the deletes are idempotent and skip rows another holds.
 */
export function startHousekeeping(options: {
  db: Db;
  dialect: Dialect;
  intervalMs: number;
  batchSize: number;
  onPass?: (report: PurgeReport) => void;
  onError?: (error: unknown) => void;
}): Housekeeping {
  let running: Promise<PurgeReport | undefined> | undefined;
  let stopped = false;

  const pass = async (): Promise<PurgeReport | undefined> => {
    try {
      const report = await purgeExpired(options.db, options.dialect, { now: Math.floor(Date.now() / 1000), batchSize: options.batchSize });
      options.onPass?.(report);
      return report;
    } catch (error) {
      options.onError?.(error);
      return undefined;
    }
  };
  const runNow = () => {
    if (stopped) return Promise.resolve(undefined);
    running ??= pass().finally(() => (running = undefined));
    return running;
  };

  const timer = options.intervalMs > 0 ? setInterval(() => void runNow(), options.intervalMs) : undefined;
  timer?.unref();
  if (options.intervalMs > 0) void runNow();

  return {
    runNow,
    stop: async () => {
      stopped = true;
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
