import { resultOf, windowOf, type RateLimitHit } from "./fixed-window";

/** Adds `by` to the shared counter of `bucket` in the window and answers its new count (all servers' requests). */
export type SharedCounterAdd = (bucket: string, windowStart: number, resetAt: number, by: number) => Promise<number>;

type Entry = {
  bucket: string;
  windowStart: number;
  resetAt: number;
  /** The shared count as of the last answer from the store (this server's flushed requests included). */
  base: number;
  /** Counted here and sent to the store, not yet answered. */
  inFlight: number;
  /** Counted here, not yet sent. */
  pending: number;
  ready: Promise<void>;
};

export type WriteBehindCounter = RateLimitHit & {
  flush: () => Promise<void>;
  /** Clients (per window) the server keeps counts for: those of ended windows go with the next sending. */
  tracked: () => number;
};

/**
 * Fixed-window counters shared by several servers through `add` (PostgreSQL), without a round trip
 * per request: a client's first request of a window is counted in the store and answered from it;
 * later ones are counted here and sent in one addition every `flushMs`, whose answer brings back what
 * the other servers counted meanwhile. A server's answer may therefore miss the other servers'
 * requests of the last flush interval (the bound on how far a client spreading its requests over
 * several servers can exceed a limit); on one server the count is exact.
 */
export function writeBehindCounter(add: SharedCounterAdd, options: { flushMs: number; onFlushError: (error: unknown) => void }): WriteBehindCounter {
  const entries = new Map<string, Entry>();
  let timer: NodeJS.Timeout | undefined;

  async function flush(): Promise<void> {
    timer = undefined;
    const now = Math.floor(Date.now() / 1000);
    const sends: Promise<void>[] = [];
    for (const [id, entry] of entries) {
      if (entry.pending === 0) {
        if (entry.inFlight === 0 && entry.resetAt <= now) entries.delete(id);
        continue;
      }
      const by = entry.pending;
      entry.pending = 0;
      entry.inFlight += by;
      sends.push(
        add(entry.bucket, entry.windowStart, entry.resetAt, by).then(
          (count) => {
            entry.inFlight -= by;
            entry.base = Math.max(entry.base, count);
          },
          (error: unknown) => {
            entry.inFlight -= by;
            entry.pending += by; // sent again with the next flush
            options.onFlushError(error);
            schedule();
          },
        ),
      );
    }
    await Promise.all(sends);
  }

  function schedule() {
    timer ??= setTimeout(() => void flush(), options.flushMs).unref();
  }

  const hit: RateLimitHit = async (rule, key, now) => {
    const { windowStart, resetAt } = windowOf(rule, now);
    const bucket = `${rule.name}:${key}`;
    const id = `${bucket}@${windowStart}`;
    const known = entries.get(id);
    if (!known) {
      const entry: Entry = { bucket, windowStart, resetAt, base: 0, inFlight: 0, pending: 0, ready: Promise.resolve() };
      entry.ready = add(bucket, windowStart, resetAt, 1).then((count) => {
        entry.base = count;
      });
      entries.set(id, entry);
      schedule(); // also sweeps ended windows, so one-request clients do not pile up
      try {
        await entry.ready;
      } catch (error) {
        entries.delete(id);
        throw error;
      }
      return resultOf(rule, entry.base + entry.inFlight + entry.pending, now);
    }
    await known.ready; // requests that came while the first was counted in the store
    known.pending += 1;
    schedule();
    return resultOf(rule, known.base + known.inFlight + known.pending, now);
  };
  return Object.assign(hit, { flush, tracked: () => entries.size });
}
