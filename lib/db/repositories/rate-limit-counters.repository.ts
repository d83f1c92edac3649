import { sql } from "kysely";
import type { DbOrTrx } from "@/lib/db/database";

/** Adds `by` (one unless told) to a fixed-window counter (created at `by`) and answers its new count. */
export async function incrementCounter(db: DbOrTrx, bucket: string, windowStart: number, expiresAt: number, by = 1): Promise<number> {
  const row = await db
    .insertInto("rate_limit_counters")
    .values({ bucket, window_start: windowStart, count: by, expires_at: expiresAt })
    .onConflict((oc) => oc.columns(["bucket", "window_start"]).doUpdateSet({ count: sql`rate_limit_counters.count + ${by}` }))
    .returning("count")
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** A counter's count without adding to it (0 when nothing was counted). */
export async function counterValue(db: DbOrTrx, bucket: string, windowStart: number): Promise<number> {
  const row = await db.selectFrom("rate_limit_counters").select("count").where("bucket", "=", bucket).where("window_start", "=", windowStart).executeTakeFirst();
  return row ? Number(row.count) : 0;
}

export async function deleteExpiredCounters(db: DbOrTrx, now: number): Promise<void> {
  await db.deleteFrom("rate_limit_counters").where("expires_at", "<", now).execute();
}
