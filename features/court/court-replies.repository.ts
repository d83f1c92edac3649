import type { DbOrTrx } from "@/lib/db/database";
import type { CourtReplyRow } from "@/lib/db/tables/newsroom.table";

// The right of reply of court cases (court_replies).

export async function insertReplyWindow(db: DbOrTrx, caseId: number, dueAt: number): Promise<void> {
  await db.insertInto("court_replies").values({ case_id: caseId, due_at: dueAt, replied_by: null, reply: null, evidence_json: "[]", replied_at: null }).execute();
}

export async function findReply(db: DbOrTrx, caseId: number): Promise<CourtReplyRow | undefined> {
  return db.selectFrom("court_replies").selectAll().where("case_id", "=", caseId).executeTakeFirst();
}

export async function repliesOfCases(db: DbOrTrx, caseIds: number[]): Promise<CourtReplyRow[]> {
  if (caseIds.length === 0) return [];
  return db.selectFrom("court_replies").selectAll().where("case_id", "in", caseIds).execute();
}

/** Files the reply once: answers false when one was filed meanwhile. */
export async function fileReply(db: DbOrTrx, caseId: number, reply: { by: string; text: string; evidenceJson: string; at: number }): Promise<boolean> {
  const result = await db
    .updateTable("court_replies")
    .set({ replied_by: reply.by, reply: reply.text, evidence_json: reply.evidenceJson, replied_at: reply.at })
    .where("case_id", "=", caseId)
    .where("replied_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * The reply windows of an outlet's clerk cases that count for the summons factor: decided, or answered.
 * A case retired without a finding while its window ran (retire-clerk-cases.ts) counts only if answered.
 */
export async function outletClerkReplyWindows(db: DbOrTrx, outletId: number): Promise<Array<{ due_at: number; replied_at: number | null }>> {
  return db
    .selectFrom("court_replies as r")
    .innerJoin("court_cases as c", "c.id", "r.case_id")
    .select(["r.due_at", "r.replied_at"])
    .where("c.outlet_id", "=", outletId)
    .where("c.jury_case_id", "is", null)
    .where((eb) => eb.or([eb.and([eb("c.status", "=", "closed"), eb("c.verdict", "is not", null)]), eb("r.replied_at", "is not", null)]))
    .execute();
}
