import { sql } from "kysely";
import type { DbOrTrx } from "@/lib/db/database";
import type { JuryCaseRow, JuryCaseUpdate, JuryCaseLogRow, JuryJurorRow, JuryPeriod, NewJuryCase, NewJuryCaseLog } from "@/lib/db/tables/jury.table";

// The JuryCourt projection (issue 28): jury_cases, jury_jurors and jury_case_log. Written by the
// indexer's jury projector, read by the court services.

export async function insertJuryCase(db: DbOrTrx, row: NewJuryCase): Promise<void> {
  await db.insertInto("jury_cases").values(row).onConflict((oc) => oc.column("case_id").doNothing()).execute();
}

export async function findJuryCase(db: DbOrTrx, caseId: number): Promise<JuryCaseRow | undefined> {
  return db.selectFrom("jury_cases").selectAll().where("case_id", "=", caseId).executeTakeFirst();
}

export async function updateJuryCase(db: DbOrTrx, caseId: number, changes: JuryCaseUpdate): Promise<void> {
  await db.updateTable("jury_cases").set(changes).where("case_id", "=", caseId).execute();
}

export type JuryCaseFilter = { period?: JuryPeriod; capsuleIds?: number[]; winner?: number; juror?: string };

/** Cases newest first, with the filters of the court explorer. */
export async function listJuryCases(db: DbOrTrx, filter: JuryCaseFilter, page: { offset: number; limit: number }): Promise<{ rows: JuryCaseRow[]; total: number }> {
  let query = db.selectFrom("jury_cases");
  if (filter.period) query = query.where("period", "=", filter.period);
  if (filter.capsuleIds) query = filter.capsuleIds.length === 0 ? query.where(({ lit }) => lit(false)) : query.where("capsule_id", "in", filter.capsuleIds);
  if (filter.winner !== undefined) query = query.where("winner", "=", filter.winner).where("period", "=", "final");
  if (filter.juror) {
    const juror = filter.juror;
    query = query.where("case_id", "in", (eb) => eb.selectFrom("jury_jurors").select("case_id").where("juror", "=", juror));
  }
  const [rows, count] = await Promise.all([
    query.selectAll().orderBy("case_id", "desc").offset(page.offset).limit(page.limit).execute(),
    query.select((eb) => eb.fn.countAll<string | number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** The cases of a capsule, oldest first. */
export async function juryCasesOfCapsules(db: DbOrTrx, capsuleIds: number[]): Promise<JuryCaseRow[]> {
  if (capsuleIds.length === 0) return [];
  return db.selectFrom("jury_cases").selectAll().where("capsule_id", "in", capsuleIds).orderBy("case_id", "asc").execute();
}

export async function insertJurors(db: DbOrTrx, caseId: number, round: number, jurors: string[], at: number): Promise<void> {
  if (jurors.length === 0) return;
  await db
    .insertInto("jury_jurors")
    .values(jurors.map((juror, seat) => ({ case_id: caseId, round, juror, seat, drawn_at: at })))
    .onConflict((oc) => oc.columns(["case_id", "round", "juror"]).doNothing())
    .execute();
}

export async function updateJuror(
  db: DbOrTrx,
  key: { caseId: number; round: number; juror: string },
  changes: Partial<Pick<JuryJurorRow, "committed_at" | "revealed_at" | "findings_json" | "reasons_json" | "reward" | "slashed">>,
): Promise<void> {
  await db.updateTable("jury_jurors").set(changes).where("case_id", "=", key.caseId).where("round", "=", key.round).where("juror", "=", key.juror).execute();
}

/** The jurors of a case, by round and draw order. */
export async function jurorsOfCase(db: DbOrTrx, caseId: number): Promise<JuryJurorRow[]> {
  return db.selectFrom("jury_jurors").selectAll().where("case_id", "=", caseId).orderBy("round", "asc").orderBy("seat", "asc").execute();
}

/** Every round a wallet was drawn for, newest case first. */
export async function roundsOfJuror(db: DbOrTrx, juror: string): Promise<JuryJurorRow[]> {
  return db.selectFrom("jury_jurors").selectAll().where("juror", "=", juror).orderBy("case_id", "desc").orderBy("round", "desc").execute();
}

export async function insertCaseLog(db: DbOrTrx, row: NewJuryCaseLog): Promise<void> {
  await db.insertInto("jury_case_log").values(row).onConflict((oc) => oc.columns(["tx_hash", "log_index"]).doNothing()).execute();
}

/** A case's timeline in chain order (optionally only some event kinds). */
export async function caseLog(db: DbOrTrx, caseId: number, kinds?: string[]): Promise<JuryCaseLogRow[]> {
  let query = db.selectFrom("jury_case_log").selectAll().where("case_id", "=", caseId);
  if (kinds) query = query.where("kind", "in", kinds);
  return query.orderBy("block_number", "asc").orderBy("log_index", "asc").execute();
}

/**
 * The evidence a case holds for the bridge's per-side limit, read in ONE statement so that it is one snapshot:
 * the indexed EvidenceSubmitted entries (their `details_json` names the side), and the evidence this bridge relayed
 * in court case `courtCaseId` (JuryCourt case `juryCaseId`) that the indexed log does not hold yet (outbox rows
 * queued, sent, or mined ahead of the indexer; their `wallet` is the party). Two statements under PostgreSQL's read
 * committed could see an indexer commit between them, and count a relay in neither part.
 */
export async function evidenceHeld(db: DbOrTrx, courtCaseId: number, juryCaseId: number): Promise<Array<{ details_json: string | null; wallet: string | null }>> {
  return db
    .selectFrom("jury_case_log")
    .select([sql<string | null>`details_json`.as("details_json"), sql<string | null>`null`.as("wallet")])
    .where("case_id", "=", juryCaseId)
    .where("kind", "=", "EvidenceSubmitted")
    .unionAll(
      db
        .selectFrom("operator_outbox")
        .select([sql<string | null>`null`.as("details_json"), "wallet"])
        .where("purpose", "=", "court.jury")
        .where("function_name", "=", "submitEvidence")
        .where("case_id", "=", courtCaseId)
        .where("status", "in", ["queued", "sent", "mined"])
        .where("tx_hash", "not in", (eb) => eb.selectFrom("jury_case_log").select("tx_hash").where("case_id", "=", juryCaseId).where("kind", "=", "EvidenceSubmitted")),
    )
    .execute();
}

/** Clears the whole projection (a rebuild or a rewind replays it). */
export async function clearJuryProjection(db: DbOrTrx): Promise<void> {
  await db.deleteFrom("jury_case_log").execute();
  await db.deleteFrom("jury_jurors").execute();
  await db.deleteFrom("jury_cases").execute();
}

/**
 * Cases on an outlet's capsules whose first evidence period is over, each with whether the outlet's
 * side (side 2) submitted evidence in it.
 */
export async function outletCasesPastEvidence(db: DbOrTrx, outletId: number): Promise<Array<{ caseId: number; replied: boolean }>> {
  const cases = await db
    .selectFrom("jury_cases")
    .innerJoin("capsules", "capsules.id", "jury_cases.capsule_id")
    .select("jury_cases.case_id")
    .where("capsules.outlet_id", "=", outletId)
    .where((eb) => eb.or([eb("jury_cases.period", "!=", "evidence"), eb("jury_cases.round", ">", 0)]))
    .execute();
  if (cases.length === 0) return [];
  const evidence = await db
    .selectFrom("jury_case_log")
    .select(["case_id", "details_json"])
    .where("kind", "=", "EvidenceSubmitted")
    .where("round", "=", 0)
    .where("case_id", "in", cases.map((c) => c.case_id))
    .execute();
  const replied = new Set(evidence.filter((e) => (JSON.parse(e.details_json) as { side?: number }).side === 2).map((e) => e.case_id));
  return cases.map((c) => ({ caseId: c.case_id, replied: replied.has(c.case_id) }));
}

/**
 * Rounds whose reveal period is over in which a wallet holding the Editor role (`editorRoleId`) at
 * the outlet when the draw happened was drawn, with whether it revealed.
 */
export async function outletEditorDraws(db: DbOrTrx, outletId: number, editorRoleId: number): Promise<Array<{ caseId: number; round: number; juror: string; revealed: boolean }>> {
  const rows = await db
    .selectFrom("jury_jurors")
    .innerJoin("jury_cases", "jury_cases.case_id", "jury_jurors.case_id")
    .innerJoin("outlet_roles", "outlet_roles.wallet", "jury_jurors.juror")
    .select(["jury_jurors.case_id", "jury_jurors.round", "jury_jurors.juror", "jury_jurors.revealed_at"])
    .distinct()
    .where("outlet_roles.outlet_id", "=", outletId)
    .where("outlet_roles.role_id", "=", editorRoleId)
    .whereRef("outlet_roles.granted_at", "<=", "jury_jurors.drawn_at")
    .where((eb) => eb.or([eb("outlet_roles.revoked_at", "is", null), eb("outlet_roles.revoked_at", ">", eb.ref("jury_jurors.drawn_at"))]))
    .where((eb) =>
      eb.or([
        eb("jury_cases.round", ">", eb.ref("jury_jurors.round")),
        eb.and([eb("jury_cases.round", "=", eb.ref("jury_jurors.round")), eb("jury_cases.period", "in", ["appeal", "final"])]),
      ]),
    )
    .execute();
  return rows.map((r) => ({ caseId: r.case_id, round: r.round, juror: r.juror, revealed: r.revealed_at !== null }));
}

export async function findJuryCaseByOpenTx(db: DbOrTrx, txHash: string): Promise<JuryCaseRow | undefined> {
  return db.selectFrom("jury_cases").selectAll().where("open_tx_hash", "=", txHash).executeTakeFirst();
}

/** The jury cases filed as court cases of a capsule that ruled or still may (not those that ended without a finding), oldest first. */
export async function juryCasesFiledOn(db: DbOrTrx, capsuleId: number): Promise<JuryCaseRow[]> {
  return db
    .selectFrom("jury_cases")
    .innerJoin("court_cases", "court_cases.jury_case_id", "jury_cases.case_id")
    .selectAll("jury_cases")
    .where("court_cases.capsule_id", "=", capsuleId)
    // a case that ended without a finding ruled on nothing (its chain findings are the unrevealed default)
    .where((eb) => eb.not(eb.and([eb("court_cases.status", "=", "closed"), eb("court_cases.verdict", "is", null)])))
    .orderBy("jury_cases.case_id", "asc")
    .execute();
}

/** Court case ids by the jury case they name. */
export async function courtCaseIdsOfJuryCases(db: DbOrTrx, juryCaseIds: number[]): Promise<Map<number, number>> {
  if (juryCaseIds.length === 0) return new Map();
  const rows = await db.selectFrom("court_cases").select(["id", "jury_case_id"]).where("jury_case_id", "in", juryCaseIds).execute();
  return new Map(rows.map((r) => [r.jury_case_id!, r.id]));
}

/** Whether the wallet is the challenger of a jury case now in its evidence period. */
export async function challengesInEvidence(db: DbOrTrx, wallet: string): Promise<boolean> {
  return (await db.selectFrom("jury_cases").select("case_id").where("challenger", "=", wallet).where("period", "=", "evidence").limit(1).executeTakeFirst()) !== undefined;
}

/** JuryCourt cases no court case names: opened on chain and never filed at this bridge. */
export async function unfiledJuryCases(db: DbOrTrx): Promise<JuryCaseRow[]> {
  return db
    .selectFrom("jury_cases")
    .leftJoin("court_cases", "court_cases.jury_case_id", "jury_cases.case_id")
    .selectAll("jury_cases")
    .where("court_cases.id", "is", null)
    .orderBy("jury_cases.case_id", "asc")
    .execute();
}

/** Cases in their evidence period whose round has a scheduled draw, no jurors yet and no draw in flight (to draw once the block has passed). */
export async function undrawnJuryCases(db: DbOrTrx): Promise<JuryCaseRow[]> {
  return db
    .selectFrom("jury_cases as c")
    .selectAll("c")
    .where("c.period", "=", "evidence")
    .where("c.draw_block", "is not", null)
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom("jury_jurors as j").select("j.case_id").whereRef("j.case_id", "=", "c.case_id").whereRef("j.round", "=", "c.round"))))
    // a draw already sent and not mined yet (a slow chain): sending another would only revert
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom("operator_outbox as o").select("o.id").whereRef("o.capsule_id", "=", "c.capsule_id").where("o.function_name", "=", "draw").where("o.status", "in", ["queued", "sent"]))),
    )
    .orderBy("c.case_id", "asc")
    .execute();
}

/** Open court cases whose jury case is final on chain (to settle: label, penalty). */
export async function openCasesWithFinalJury(db: DbOrTrx): Promise<number[]> {
  const rows = await db
    .selectFrom("court_cases")
    .innerJoin("jury_cases", "jury_cases.case_id", "court_cases.jury_case_id")
    .select("court_cases.id")
    .where("court_cases.status", "=", "open")
    .where("jury_cases.period", "=", "final")
    .orderBy("court_cases.id", "asc")
    .execute();
  return rows.map((r) => r.id);
}

/** The name and type each vault file was stored with (by object id), for evidence that names a vault file. */
export async function evidenceFilesOf(db: DbOrTrx, objectIds: string[]): Promise<Map<string, { filename: string; mimeType: string }>> {
  if (objectIds.length === 0) return new Map();
  const rows = await db.selectFrom("vault_objects").select(["id", "filename", "mime_type"]).where("id", "in", [...new Set(objectIds)]).execute();
  return new Map(rows.map((r) => [r.id, { filename: r.filename, mimeType: r.mime_type }]));
}
