import type { JuryPeriod } from "@/lib/db/tables/jury.table";
import type { DbOrTrx } from "@/lib/db/database";
import type { CourtCaseRow, CourtCaseEventRow, CourtPenaltyRow, NewCourtCase, NewCourtPenalty } from "@/lib/db/tables/court.table";
import { AppError } from "@/lib/errors/app-error";

export async function findCase(db: DbOrTrx, id: number): Promise<CourtCaseRow | undefined> {
  return db.selectFrom("court_cases").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function getCaseOrThrow(db: DbOrTrx, id: number): Promise<CourtCaseRow> {
  const row = await findCase(db, id);
  if (!row) throw new AppError("CASE_NOT_FOUND", `No court case with id ${id}`);
  return row;
}

export async function findCaseOfJuryCase(db: DbOrTrx, juryCaseId: number): Promise<CourtCaseRow | undefined> {
  return db.selectFrom("court_cases").selectAll().where("jury_case_id", "=", juryCaseId).executeTakeFirst();
}

export async function findOpenCaseOfCapsule(db: DbOrTrx, capsuleId: number): Promise<CourtCaseRow | undefined> {
  return db.selectFrom("court_cases").selectAll().where("capsule_id", "=", capsuleId).where("status", "=", "open").executeTakeFirst();
}

/** The oldest case still open on any version of the article whose chain starts at `rootId`, other than `exceptId`. */
export async function findOpenCaseOfChain(db: DbOrTrx, rootId: number, exceptId?: number): Promise<CourtCaseRow | undefined> {
  let query = db.selectFrom("court_cases").selectAll().where("root_capsule_id", "=", rootId).where("status", "=", "open");
  if (exceptId !== undefined) query = query.where("id", "!=", exceptId);
  return query.orderBy("id").executeTakeFirst();
}

/** The open case of a revision chain opened last. */
export async function findLatestOpenCaseOfChain(db: DbOrTrx, rootId: number): Promise<CourtCaseRow | undefined> {
  return db.selectFrom("court_cases").selectAll().where("root_capsule_id", "=", rootId).where("status", "=", "open").orderBy("id", "desc").executeTakeFirst();
}

/** The case of a revision chain opened last, open or closed. */
export async function findLatestCaseOfChain(db: DbOrTrx, rootId: number): Promise<CourtCaseRow | undefined> {
  return db.selectFrom("court_cases").selectAll().where("root_capsule_id", "=", rootId).orderBy("id", "desc").executeTakeFirst();
}

/** The grounds a challenger files for a case the bridge filed on its own (unfiled-jury-cases.ts), and its opening entry's details. */
export async function fileGrounds(
  db: DbOrTrx,
  id: number,
  values: Pick<CourtCaseRow, "grounds" | "claim" | "evidence_id" | "requested_label">,
  openedDetails: Record<string, unknown>,
): Promise<CourtCaseRow> {
  await db.updateTable("court_case_events").set({ details_json: JSON.stringify(openedDetails) }).where("case_id", "=", id).where("kind", "=", "opened").execute();
  return db.updateTable("court_cases").set(values).where("id", "=", id).returningAll().executeTakeFirstOrThrow();
}

export async function insertCase(db: DbOrTrx, values: NewCourtCase): Promise<CourtCaseRow> {
  return db.insertInto("court_cases").values(values).returningAll().executeTakeFirstOrThrow();
}

/** Closes an open case; undefined when it was no longer open (a concurrent verdict won). */
export async function closeCase(
  db: DbOrTrx,
  id: number,
  values: { verdict: NonNullable<CourtCaseRow["verdict"]>; rationale: string; finding: string | null; decided_by: string; closed_at: number },
): Promise<CourtCaseRow | undefined> {
  return db
    .updateTable("court_cases")
    .set({ ...values, status: "closed" })
    .where("id", "=", id)
    .where("status", "=", "open")
    .returningAll()
    .executeTakeFirst();
}

/** Cases of the clerk court still open (no JuryCourt case): what an older version left when the jury court came. */
export async function listOpenClerkCases(db: DbOrTrx): Promise<CourtCaseRow[]> {
  return db.selectFrom("court_cases").selectAll().where("status", "=", "open").where("jury_case_id", "is", null).orderBy("id").execute();
}

/** Closes an open clerk case with no verdict; undefined when it was no longer open (another server retired it). */
export async function closeClerkCaseUndecided(db: DbOrTrx, id: number, values: { rationale: string; closed_at: number }): Promise<CourtCaseRow | undefined> {
  return db
    .updateTable("court_cases")
    .set({ ...values, status: "closed", verdict: null, decided_by: null })
    .where("id", "=", id)
    .where("status", "=", "open")
    .where("jury_case_id", "is", null)
    .returningAll()
    .executeTakeFirst();
}

/** Closes an open jury case with no verdict (it ended without a finding); undefined when it was no longer open. */
export async function closeJuryCaseUndecided(db: DbOrTrx, id: number, values: { rationale: string; decided_by: string; closed_at: number }): Promise<CourtCaseRow | undefined> {
  return db
    .updateTable("court_cases")
    .set({ ...values, status: "closed", verdict: null, finding: null })
    .where("id", "=", id)
    .where("status", "=", "open")
    .where("jury_case_id", "is not", null)
    .returningAll()
    .executeTakeFirst();
}

export async function listCases(
  db: DbOrTrx,
  filter: {
    status?: "open" | "closed";
    outletSlug?: string;
    capsuleId?: number;
    rootCapsuleId?: number;
    /** Jury cases in this JuryCourt period (the court explorer). */
    period?: JuryPeriod;
    /** Cases closed with this verdict. */
    verdict?: NonNullable<CourtCaseRow["verdict"]>;
    /** Jury cases this wallet was drawn for (the juror's page). */
    juror?: string;
    offset: number;
    limit: number;
  },
): Promise<{ rows: CourtCaseRow[]; total: number }> {
  let base = db.selectFrom("court_cases");
  if (filter.period) {
    const period = filter.period;
    base = base.where("jury_case_id", "in", (eb) => eb.selectFrom("jury_cases").select("case_id").where("period", "=", period));
  }
  if (filter.juror) {
    const juror = filter.juror;
    base = base.where("jury_case_id", "in", (eb) => eb.selectFrom("jury_jurors").select("case_id").where("juror", "=", juror));
  }
  if (filter.verdict) base = base.where("verdict", "=", filter.verdict);
  if (filter.status) base = base.where("status", "=", filter.status);
  if (filter.outletSlug) base = base.where("outlet_slug", "=", filter.outletSlug);
  if (filter.capsuleId !== undefined) base = base.where("capsule_id", "=", filter.capsuleId);
  if (filter.rootCapsuleId !== undefined) base = base.where("root_capsule_id", "=", filter.rootCapsuleId);
  const rows = await base.selectAll().orderBy("id", "desc").offset(filter.offset).limit(filter.limit).execute();
  const count = await base.select((eb) => eb.fn.countAll<string | number>().as("n")).executeTakeFirstOrThrow();
  return { rows, total: Number(count.n) };
}

export async function insertCaseEvent(
  db: DbOrTrx,
  event: { caseId: number; kind: string; actor: string; details?: Record<string, unknown>; txHash?: string | null; at: number },
): Promise<void> {
  await db
    .insertInto("court_case_events")
    .values({
      case_id: event.caseId,
      kind: event.kind,
      actor: event.actor,
      details_json: JSON.stringify(event.details ?? {}),
      tx_hash: event.txHash ?? null,
      created_at: event.at,
    })
    .execute();
}

export async function listCaseEvents(db: DbOrTrx, caseId: number): Promise<CourtCaseEventRow[]> {
  return db.selectFrom("court_case_events").selectAll().where("case_id", "=", caseId).orderBy("id", "asc").execute();
}

export async function insertPenalty(db: DbOrTrx, values: NewCourtPenalty): Promise<CourtPenaltyRow> {
  return db.insertInto("court_penalties").values(values).returningAll().executeTakeFirstOrThrow();
}

/** Inserts the case's penalty unless it already has one (case_id is unique): the row, or undefined. */
export async function insertPenaltyOnce(db: DbOrTrx, values: NewCourtPenalty): Promise<CourtPenaltyRow | undefined> {
  return db.insertInto("court_penalties").values(values).onConflict((oc) => oc.column("case_id").doNothing()).returningAll().executeTakeFirst();
}

export async function penaltiesOfCases(db: DbOrTrx, caseIds: number[]): Promise<CourtPenaltyRow[]> {
  if (caseIds.length === 0) return [];
  return db.selectFrom("court_penalties").selectAll().where("case_id", "in", caseIds).execute();
}

/** Penalties of the outlet still in force at `now` (penalty_until in the future), newest first. */
export async function penaltiesInForce(db: DbOrTrx, outletId: number, now: number): Promise<CourtPenaltyRow[]> {
  return db
    .selectFrom("court_penalties")
    .selectAll()
    .where("outlet_id", "=", outletId)
    .where("penalty_until", ">", now)
    .orderBy("id", "desc")
    .execute();
}

/** The outlets (slugs) whose penalty ended in (from, to]: their distribution downgrade lifted then. */
export async function outletsWithPenaltiesEnded(db: DbOrTrx, from: number, to: number): Promise<string[]> {
  const rows = await db.selectFrom("court_penalties").select("outlet_slug").distinct().where("penalty_until", ">", from).where("penalty_until", "<=", to).execute();
  return rows.map((row) => row.outlet_slug);
}

export async function penaltiesSince(db: DbOrTrx, outletId: number, since: number): Promise<CourtPenaltyRow[]> {
  return db.selectFrom("court_penalties").selectAll().where("outlet_id", "=", outletId).where("created_at", ">=", since).execute();
}

/** Closed cases of an outlet (input of its court-response and integrity factors). */
export async function closedCasesOfOutlet(db: DbOrTrx, outletId: number): Promise<CourtCaseRow[]> {
  return db.selectFrom("court_cases").selectAll().where("outlet_id", "=", outletId).where("status", "=", "closed").orderBy("id", "asc").execute();
}

/** Every court case of a revision chain, newest first. */
export async function casesOfChain(db: DbOrTrx, rootId: number): Promise<CourtCaseRow[]> {
  return db.selectFrom("court_cases").selectAll().where("root_capsule_id", "=", rootId).orderBy("opened_at", "desc").orderBy("id", "desc").execute();
}
