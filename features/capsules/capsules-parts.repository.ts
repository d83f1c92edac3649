import type { SelectQueryBuilder } from "kysely";
import { insertRowsSqlite, isPostgres, unnestRows, UNNEST_ROWS_PER_INSERT, type SqliteInsert } from "@/lib/db/bulk-insert";
import type { DB, DbOrTrx, Trx } from "@/lib/db/database";
import { dialectOf } from "@/lib/db/dialect";
import type { ContributorRow, EvidenceRow, NewContributor, NewEvidence, SupportingRow, VoteRow } from "@/lib/db/tables/capsules.table";

// Evidence, contributors, supporting relations and indexed votes of capsules.

/**
 * Holds the capsule's row until `trx` ends, so that counting its evidence items or relations and inserting one more
 * run one request at a time: PostgreSQL locks the row (SELECT … FOR UPDATE); SQLite needs nothing, its one
 * connection runs a transaction alone (better-sqlite3, one writer).
 */
export async function lockCapsuleParts(trx: Trx, capsuleId: number): Promise<void> {
  if (dialectOf(trx) === "postgres") await trx.selectFrom("capsules").select("id").where("id", "=", capsuleId).forUpdate().execute();
}

export async function listEvidence(db: DbOrTrx, capsuleId: number, page?: { offset: number; limit: number }): Promise<EvidenceRow[]> {
  let query = db.selectFrom("capsule_evidence").selectAll().where("capsule_id", "=", capsuleId).where("active", "=", 1).orderBy("id", "asc");
  if (page) query = query.offset(page.offset).limit(page.limit);
  return query.execute();
}

export async function countEvidence(db: DbOrTrx, capsuleId: number): Promise<number> {
  const row = await db
    .selectFrom("capsule_evidence")
    .select((eb) => eb.fn.countAll<string | number>().as("n"))
    .where("capsule_id", "=", capsuleId)
    .where("active", "=", 1)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertEvidence(db: DbOrTrx, rows: NewEvidence[]): Promise<EvidenceRow[]> {
  if (rows.length === 0) return [];
  return db.insertInto("capsule_evidence").values(rows).returningAll().execute();
}

/** Drafts replace their evidence wholesale; the old rows are deleted (a draft has no history to keep). */
export async function deleteEvidence(db: DbOrTrx, capsuleId: number): Promise<void> {
  await db.deleteFrom("capsule_evidence").where("capsule_id", "=", capsuleId).execute();
}

export async function listContributors(db: DbOrTrx, capsuleId: number): Promise<ContributorRow[]> {
  return db.selectFrom("capsule_contributors").selectAll().where("capsule_id", "=", capsuleId).where("active", "=", 1).orderBy("id", "asc").execute();
}

export async function insertContributors(db: DbOrTrx, rows: NewContributor[]): Promise<ContributorRow[]> {
  if (rows.length === 0) return [];
  return db.insertInto("capsule_contributors").values(rows).returningAll().execute();
}

export async function deleteContributors(db: DbOrTrx, capsuleId: number): Promise<void> {
  await db.deleteFrom("capsule_contributors").where("capsule_id", "=", capsuleId).execute();
}

export async function findSupporting(db: DbOrTrx, capsuleId: number, supportingId: number): Promise<SupportingRow | undefined> {
  return db
    .selectFrom("capsule_supporting")
    .selectAll()
    .where("capsule_id", "=", capsuleId)
    .where("supporting_capsule_id", "=", supportingId)
    .executeTakeFirst();
}

export async function insertSupporting(
  db: DbOrTrx,
  row: { capsule_id: number; supporting_capsule_id: number; relationship_type: string; created_by: string; created_at: number },
): Promise<SupportingRow> {
  return db.insertInto("capsule_supporting").values(row).returningAll().executeTakeFirstOrThrow();
}

/** Every relation the capsule lists (drafts the reader may not see included). */
export async function countSupporting(db: DbOrTrx, capsuleId: number): Promise<number> {
  const row = await db
    .selectFrom("capsule_supporting")
    .select((eb) => eb.fn.countAll<string | number>().as("n"))
    .where("capsule_id", "=", capsuleId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function deleteSupporting(db: DbOrTrx, capsuleId: number): Promise<void> {
  await db.deleteFrom("capsule_supporting").where("capsule_id", "=", capsuleId).execute();
}

/** `hiddenIds`: a subquery of capsule ids the reader may not see (their relations are left out). */
export async function listSupporting(
  db: DbOrTrx,
  capsuleId: number,
  page: { offset: number; limit: number },
  hiddenIds?: SelectQueryBuilder<DB, "capsules", { id: number }>,
): Promise<{ rows: SupportingRow[]; total: number }> {
  let base = db.selectFrom("capsule_supporting").where("capsule_id", "=", capsuleId);
  if (hiddenIds) base = base.where("supporting_capsule_id", "not in", hiddenIds);
  const rows = await base.selectAll().orderBy("id", "asc").offset(page.offset).limit(page.limit).execute();
  const count = await base.select((eb) => eb.fn.countAll<string | number>().as("n")).executeTakeFirstOrThrow();
  return { rows, total: Number(count.n) };
}

export async function findVote(db: DbOrTrx, capsuleId: number, voter: string): Promise<VoteRow | undefined> {
  return db.selectFrom("capsule_votes").selectAll().where("capsule_id", "=", capsuleId).where("voter", "=", voter).executeTakeFirst();
}

export async function countVotes(db: DbOrTrx, capsuleId: number): Promise<number> {
  const row = await db
    .selectFrom("capsule_votes")
    .select((eb) => eb.fn.countAll<string | number>().as("n"))
    .where("capsule_id", "=", capsuleId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

type NewVote = { capsule_id: number; voter: string; support: number; weight: string; tx_hash: string; log_index: number; block_time: number };
const voteColumns = [
  ["capsule_id", "integer"],
  ["voter", "text"],
  ["support", "integer"],
  ["weight", "text"],
  ["tx_hash", "text"],
  ["log_index", "integer"],
  ["block_time", "bigint"],
] as const;
const sqliteVoteInsert: SqliteInsert<NewVote> = {
  table: "capsule_votes",
  columns: voteColumns.map(([column]) => column),
  conflict: ["capsule_id", "voter"],
  returning: ["capsule_id", "voter"],
  values: (v, params) => params.push(v.capsule_id, v.voter, v.support, v.weight, v.tx_hash, v.log_index, v.block_time),
};

/** Inserts the votes not recorded yet (one per capsule and voter); answers `capsuleId:voter` of each inserted one. */
export async function insertVotesIfAbsent(db: DbOrTrx, rows: NewVote[]): Promise<Set<string>> {
  const inserted = new Set<string>();
  if (!isPostgres(db)) {
    for (const row of await insertRowsSqlite<NewVote, { capsule_id: number; voter: string }>(db, sqliteVoteInsert, rows)) inserted.add(`${row.capsule_id}:${row.voter}`);
    return inserted;
  }
  for (let start = 0; start < rows.length; start += UNNEST_ROWS_PER_INSERT) {
    const chunk = rows.slice(start, start + UNNEST_ROWS_PER_INSERT);
    const returned = await db
      .insertInto("capsule_votes")
      .columns(voteColumns.map(([column]) => column))
      .expression(unnestRows(chunk, voteColumns))
      .onConflict((oc) => oc.columns(["capsule_id", "voter"]).doNothing())
      .returning(["capsule_id", "voter"])
      .execute();
    for (const row of returned) inserted.add(`${row.capsule_id}:${row.voter}`);
  }
  return inserted;
}

export async function listVotes(db: DbOrTrx, capsuleId: number): Promise<VoteRow[]> {
  return db.selectFrom("capsule_votes").selectAll().where("capsule_id", "=", capsuleId).orderBy("id", "asc").execute();
}

/** Whether an evidence item with this id belongs to the capsule. */
export async function isEvidenceOf(db: DbOrTrx, evidenceId: number, capsuleId: number): Promise<boolean> {
  return (await db.selectFrom("capsule_evidence").select("id").where("id", "=", evidenceId).where("capsule_id", "=", capsuleId).executeTakeFirst()) !== undefined;
}
