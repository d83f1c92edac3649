import type { DbOrTrx } from "@/lib/db/database";
import type { DeliveryStatus, NewPartnerDelivery, PartnerDeliveryRow } from "@/lib/db/tables/partners.table";

// The partner webhook queue's SQL. A claim is a conditional update (status and lease), so two
// dispatchers never both own a row; times are milliseconds.

export async function insertDeliveries(db: DbOrTrx, rows: NewPartnerDelivery[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto("partner_deliveries")
    .values(rows)
    .onConflict((oc) => oc.columns(["webhook_id", "event_id"]).doNothing())
    .execute();
}

/** Deliveries due now, Premium outlets' events first (priority), then oldest. */
export async function dueDeliveries(db: DbOrTrx, now: number, limit: number): Promise<PartnerDeliveryRow[]> {
  return db
    .selectFrom("partner_deliveries")
    .selectAll()
    .where("status", "=", "pending")
    .where("next_attempt_at", "<=", now)
    .orderBy("priority", "asc")
    .orderBy("id", "asc")
    .limit(limit)
    .execute();
}

/** Takes a pending delivery for one attempt until `leaseUntil`; false when another dispatcher took it. */
export async function claimDelivery(db: DbOrTrx, id: number, now: number, leaseUntil: number): Promise<boolean> {
  const result = await db
    .updateTable("partner_deliveries")
    .set((eb) => ({ status: "delivering", lease_until: leaseUntil, last_attempt_at: now, attempts: eb("attempts", "+", 1) }))
    .where("id", "=", id)
    .where("status", "=", "pending")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The outcome of an attempt, written only while the row is still this dispatcher's claim. */
export async function settleDelivery(
  db: DbOrTrx,
  id: number,
  patch: { status: DeliveryStatus; lastStatus: number | null; lastError: string | null; nextAttemptAt?: number; deliveredAt?: number },
): Promise<void> {
  await db
    .updateTable("partner_deliveries")
    .set({
      status: patch.status,
      lease_until: null,
      last_status: patch.lastStatus,
      last_error: patch.lastError,
      ...(patch.nextAttemptAt !== undefined ? { next_attempt_at: patch.nextAttemptAt } : {}),
      ...(patch.deliveredAt !== undefined ? { delivered_at: patch.deliveredAt } : {}),
    })
    .where("id", "=", id)
    .where("status", "=", "delivering")
    .execute();
}

/**
 * Claims whose lease ran out (the dispatcher died mid-attempt, e.g. kill -9) go back to pending,
 * due at once; `all` takes back every claim (a dispatcher starting on a database no other one uses).
 */
export async function releaseStaleClaims(db: DbOrTrx, now: number, all = false): Promise<number> {
  let query = db.updateTable("partner_deliveries").set({ status: "pending", lease_until: null, next_attempt_at: now }).where("status", "=", "delivering");
  if (!all) query = query.where("lease_until", "<", now);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function listDeliveries(
  db: DbOrTrx,
  filter: { webhookId: number; status?: DeliveryStatus; offset: number; limit: number },
): Promise<{ rows: PartnerDeliveryRow[]; total: number }> {
  let base = db.selectFrom("partner_deliveries").where("webhook_id", "=", filter.webhookId);
  if (filter.status) base = base.where("status", "=", filter.status);
  const rows = await base.selectAll().orderBy("id", "desc").offset(filter.offset).limit(filter.limit).execute();
  const count = await base.select((eb) => eb.fn.countAll<string | number>().as("n")).executeTakeFirstOrThrow();
  return { rows, total: Number(count.n) };
}
