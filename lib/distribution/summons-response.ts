import type { DbOrTrx } from "@/lib/db/database";

/**
 * Court summons of an outlet and how many it answered: a case opened against one of its capsules
 * summons it to reply (the right-of-reply window of lib/services/court). A summons counts once a
 * reply was filed or the case closed (a verdict waits for the window, so the window has ended),
 * and it is answered when the reply was filed before the window ended. Cases opened before reply
 * windows existed have none and do not count. No clock is read, so the count is the same on every
 * server and after a rebuild.
 *
 * Interim: the `jury` branch brings summonsResponse in lib/services/court/summons-response.ts
 * (juror reveals as well) with this signature; outlet-report.ts then imports that one instead.
 */
export async function summonsResponse(db: DbOrTrx, outletId: number): Promise<{ summoned: number; answered: number }> {
  const rows = await db
    .selectFrom("court_replies as r")
    .innerJoin("court_cases as c", "c.id", "r.case_id")
    .select(["r.due_at", "r.replied_at"])
    .where("c.outlet_id", "=", outletId)
    .where((eb) => eb.or([eb("c.status", "=", "closed"), eb("r.replied_at", "is not", null)]))
    .execute();
  const answered = rows.filter((r) => r.replied_at !== null && Number(r.replied_at) <= Number(r.due_at)).length;
  return { summoned: rows.length, answered };
}
