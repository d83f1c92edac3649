import { CompiledQuery, sql, type Expression, type ExpressionBuilder, type SqlBool } from "kysely";
import { isPostgres } from "@/lib/db/bulk-insert";
import type { DB, DbOrTrx } from "@/lib/db/database";
import type { CapsuleRow, CapsuleStatus, CapsuleUpdate, NewCapsule } from "@/lib/db/tables/capsules.table";
import { AppError } from "@/lib/errors/app-error";
import { LOCK_SPACE, takeTransactionLockOn } from "@/lib/db/server-functions";

export async function findCapsule(db: DbOrTrx, id: number): Promise<CapsuleRow | undefined> {
  return db.selectFrom("capsules").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function findCapsulesByIds(db: DbOrTrx, ids: number[]): Promise<CapsuleRow[]> {
  const rows: CapsuleRow[] = [];
  for (let start = 0; start < ids.length; start += 500) {
    const chunk = ids.slice(start, start + 500);
    rows.push(...(await db.selectFrom("capsules").selectAll().where("id", "in", chunk).execute()));
  }
  return rows;
}

export async function getCapsuleOrThrow(db: DbOrTrx, id: number): Promise<CapsuleRow> {
  const row = await findCapsule(db, id);
  if (!row) throw new AppError("CAPSULE_NOT_FOUND", `No capsule with id ${id}`);
  return row;
}

export type Tally = { id: number; yes: string; no: string; at: number };

const TALLIES_PER_UPDATE = 1_000; // 4 bound values a tally on SQLite

/** Sets the vote tallies of many capsules: SQLite, one UPDATE … FROM (VALUES …) per thousand; PostgreSQL, a few hundred per statement (CASE on the id). */
export async function setTallies(db: DbOrTrx, tallies: Tally[]): Promise<void> {
  if (!isPostgres(db)) {
    for (let start = 0; start < tallies.length; start += TALLIES_PER_UPDATE) {
      const chunk = tallies.slice(start, start + TALLIES_PER_UPDATE);
      const params: Array<string | number> = [];
      for (const t of chunk) params.push(t.id, t.yes, t.no, t.at);
      // the same text for every full chunk: prepared once (the connection's statement cache)
      const values = `${"(?, ?, ?, ?), ".repeat(chunk.length - 1)}(?, ?, ?, ?)`;
      await db.executeQuery(
        CompiledQuery.raw(
          `update "capsules" set "yes_votes" = t.column2, "no_votes" = t.column3, "updated_at" = t.column4 from (values ${values}) as t where "capsules"."id" = t.column1`,
          params,
        ),
      );
    }
    return;
  }
  for (let start = 0; start < tallies.length; start += 300) {
    const chunk = tallies.slice(start, start + 300);
    const byId = (value: (t: Tally) => string | number) => sql.join(chunk.map((t) => sql`when ${t.id} then ${value(t)}`), sql` `);
    await db
      .updateTable("capsules")
      .set({
        yes_votes: sql<string>`case id ${byId((t) => t.yes)} end`,
        no_votes: sql<string>`case id ${byId((t) => t.no)} end`,
        updated_at: sql<number>`cast(case id ${byId((t) => t.at)} end as bigint)`,
      })
      .where("id", "in", chunk.map((t) => t.id))
      .execute();
  }
}

/** What a vote's projection needs of its capsule: the outlet (for the activity row) and the stored tallies. */
export type VoteTarget = Pick<CapsuleRow, "id" | "outlet_slug" | "yes_votes" | "no_votes">;

/** The capsules of these ids that exist, as vote targets (one statement per thousand ids). */
export async function findVoteTargets(db: DbOrTrx, ids: number[]): Promise<VoteTarget[]> {
  const rows: VoteTarget[] = [];
  for (let start = 0; start < ids.length; start += 1_000) {
    const chunk = ids.slice(start, start + 1_000);
    // one bound value whatever the count: the statement is prepared once
    const list = isPostgres(db) ? sql`(select unnest(${chunk}::integer[]))` : sql`(select value from json_each(${JSON.stringify(chunk)}))`;
    rows.push(...(await db.selectFrom("capsules").select(["id", "outlet_slug", "yes_votes", "no_votes"]).where(sql<SqlBool>`id in ${list}`).execute()));
  }
  return rows;
}

/** What a pushed tally needs of a capsule: the vote sums, the electorate and what decides whether the public may read it. */
export type TallyRow = Pick<CapsuleRow, "id" | "outlet_slug" | "status" | "submit_tx_hash" | "yes_votes" | "no_votes" | "eligible_weight">;

export async function findTallyRows(db: DbOrTrx, ids: number[]): Promise<TallyRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom("capsules").select(["id", "outlet_slug", "status", "submit_tx_hash", "yes_votes", "no_votes", "eligible_weight"]).where("id", "in", ids).execute();
}

/** Holds the outlet's new drafts until `trx` ends: counting an author's drafts there and inserting one more run one request at a time. */
export async function lockOutletDrafts(trx: DbOrTrx, outletId: number): Promise<void> {
  await takeTransactionLockOn(trx, LOCK_SPACE.outletDrafts, outletId);
}

/** How many drafts (not submitted, not withdrawn) `submitter` has at the outlet. */
export async function countDraftsOf(db: DbOrTrx, outletSlug: string, submitter: string): Promise<number> {
  const row = await db
    .selectFrom("capsules")
    .select((eb) => eb.fn.countAll<string | number>().as("n"))
    .where("outlet_slug", "=", outletSlug)
    .where("status", "=", "draft")
    .where("submitter", "=", submitter)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertCapsule(db: DbOrTrx, values: NewCapsule): Promise<CapsuleRow> {
  return db.insertInto("capsules").values(values).returningAll().executeTakeFirstOrThrow();
}

export async function updateCapsule(db: DbOrTrx, id: number, changes: CapsuleUpdate): Promise<CapsuleRow> {
  return db.updateTable("capsules").set(changes).where("id", "=", id).returningAll().executeTakeFirstOrThrow();
}

/** How an edit treats the draft's revision: `bump` moves it by one (a save of content); `ifRevision` takes the row only at that revision. */
export type DraftRevisionRule = { bump: boolean; ifRevision?: number };

/**
 * Takes a draft's row inside an edit's transaction: only while it is still a draft whose submission voucher is the
 * one the edit checked before (`voucherDeadline`, null for none), and, when the edit names one, at the revision it
 * edited. The update holds the row until the edit commits, so a voucher prepared meanwhile, or another save, waits
 * for it and then sees the change. Undefined when refused.
 */
export async function holdDraftForEdit(db: DbOrTrx, id: number, voucherDeadline: number | null, now: number, revision: DraftRevisionRule = { bump: false }): Promise<CapsuleRow | undefined> {
  let update = db
    .updateTable("capsules")
    .set(revision.bump ? { updated_at: now, draft_revision: sql<number>`draft_revision + 1` } : { updated_at: now })
    .where("id", "=", id)
    .where("status", "=", "draft")
    .where("voucher_deadline", voucherDeadline === null ? "is" : "=", voucherDeadline);
  if (revision.ifRevision !== undefined) update = update.where("draft_revision", "=", revision.ifRevision);
  return update.returningAll().executeTakeFirst();
}

/**
 * Records a submission voucher only if the draft is as it was read when the voucher was built: still a draft, the
 * same content hash and the same earlier voucher (a concurrent edit or submission changes one of them). Undefined
 * when it changed; the voucher must then not be handed out.
 */
export async function recordVoucherIfUnchanged(db: DbOrTrx, before: Pick<CapsuleRow, "id" | "content_hash" | "voucher_deadline">, changes: CapsuleUpdate): Promise<CapsuleRow | undefined> {
  return db
    .updateTable("capsules")
    .set(changes)
    .where("id", "=", before.id)
    .where("status", "=", "draft")
    .where("content_hash", "=", before.content_hash)
    .where("voucher_deadline", before.voucher_deadline === null ? "is" : "=", before.voucher_deadline)
    .returningAll()
    .executeTakeFirst();
}

/** Marks a draft withdrawn (rejected, never on chain) only if it is still a draft; false when it no longer was. */
export async function withdrawDraftIfStill(db: DbOrTrx, id: number, now: number): Promise<boolean> {
  const row = await db.updateTable("capsules").set({ status: "rejected", closed_at: now, updated_at: now }).where("id", "=", id).where("status", "=", "draft").returning("id").executeTakeFirst();
  return row !== undefined;
}

/** Article slugs at the outlet that start with `base` (the candidates a new slug must avoid). */
export async function articleSlugsLike(db: DbOrTrx, outletId: number, base: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom("capsules")
    .select("article_slug")
    .where("outlet_id", "=", outletId)
    .where("article_slug", "like", `${base}%`)
    .execute();
  return new Set(rows.map((r) => r.article_slug));
}

export async function listCapsules(
  db: DbOrTrx,
  filter: { outletSlug?: string; status?: CapsuleStatus; offset: number; limit: number; where?: (eb: ExpressionBuilder<DB, "capsules">) => Expression<SqlBool> },
): Promise<{ rows: CapsuleRow[]; total: number }> {
  let base = db.selectFrom("capsules");
  if (filter.outletSlug) base = base.where("outlet_slug", "=", filter.outletSlug);
  if (filter.status) base = base.where("status", "=", filter.status);
  if (filter.where) base = base.where(filter.where);
  // The skipped rows are walked for their ids only, on an index that holds them (PostgreSQL then reads
  // no table row for them: 3.5 s → 0.4 s for the last page of a million finalized capsules).
  const page = base.select("id").orderBy("id", "desc").offset(filter.offset).limit(filter.limit);
  const rows = await db.selectFrom("capsules").selectAll().where("id", "in", page).orderBy("id", "desc").execute();
  const count = await base.select((eb) => eb.fn.countAll<string | number>().as("n")).executeTakeFirstOrThrow();
  return { rows, total: Number(count.n) };
}

/** Every capsule of a revision chain (the root and its revisions), oldest revision first. */
export async function listChain(db: DbOrTrx, rootId: number): Promise<CapsuleRow[]> {
  return db
    .selectFrom("capsules")
    .selectAll()
    .where((eb) => eb.or([eb("id", "=", rootId), eb("root_capsule_id", "=", rootId)]))
    .orderBy("revision_number", "asc")
    .orderBy("id", "asc")
    .execute();
}

/** Sets the integrity label on every capsule of a chain. */
export async function labelChain(db: DbOrTrx, rootId: number, label: CapsuleRow["integrity_label"], at: number): Promise<void> {
  await db
    .updateTable("capsules")
    .set({ integrity_label: label, updated_at: at })
    .where((eb) => eb.or([eb("id", "=", rootId), eb("root_capsule_id", "=", rootId)]))
    .execute();
}

/** Accepted / rejected counts of an outlet's closed capsules (input of its distribution tier). */
export async function outletOutcomeCounts(db: DbOrTrx, outletId: number, decidedBy?: number): Promise<{ accepted: number; rejected: number }> {
  let query = db.selectFrom("capsules");
  if (decidedBy !== undefined) query = query.where("closed_at", "<=", decidedBy);
  const rows = await query
    .select(["status", (eb) => eb.fn.countAll<string | number>().as("n")])
    .where("outlet_id", "=", outletId)
    .where("submit_tx_hash", "is not", null)
    .where("status", "in", ["finalized", "superseded", "rejected"])
    .groupBy("status")
    .execute();
  let accepted = 0;
  let rejected = 0;
  for (const row of rows) {
    if (row.status === "rejected") rejected += Number(row.n);
    else accepted += Number(row.n);
  }
  return { accepted, rejected };
}

/** One ballot cast on an accepted capsule by one of its own authors, with the capsule's tally and thresholds. */
export type AuthorBallotRow = {
  capsule_id: number;
  yes_votes: string;
  no_votes: string;
  eligible_weight: string | null;
  approval_threshold: number | null;
  quorum_threshold: number | null;
  support: number;
  weight: string;
};

/**
 * The ballots that the submitter or an active contributor of a capsule cast on it, over the outlet's accepted
 * capsules (finalized or later superseded, submitted on chain; decided by `decidedBy` when given), in capsule order.
 * Addresses are compared in any letter case.
 */
export async function authorBallotsOnAccepted(db: DbOrTrx, outletId: number, decidedBy?: number): Promise<AuthorBallotRow[]> {
  let query = db
    .selectFrom("capsule_votes as v")
    .innerJoin("capsules as c", "c.id", "v.capsule_id")
    .where("c.outlet_id", "=", outletId)
    .where("c.submit_tx_hash", "is not", null)
    .where("c.status", "in", ["finalized", "superseded"])
    .where((eb) =>
      eb.or([
        eb(sql<string>`lower(v.voter)`, "=", sql<string>`lower(c.submitter)`),
        eb.exists(
          eb
            .selectFrom("capsule_contributors as cc")
            .select("cc.id")
            .whereRef("cc.capsule_id", "=", "c.id")
            .where("cc.active", "=", 1)
            .where(sql<string>`lower(cc.wallet)`, "=", sql<string>`lower(v.voter)`),
        ),
      ]),
    );
  if (decidedBy !== undefined) query = query.where("c.closed_at", "<=", decidedBy);
  return query
    .select(["c.id as capsule_id", "c.yes_votes", "c.no_votes", "c.eligible_weight", "c.approval_threshold", "c.quorum_threshold", "v.support", "v.weight"])
    .orderBy("c.id")
    .orderBy("v.id")
    .execute();
}

/** The tainting labels (misleading, fraudulent) that any version of these revision chains carries now. */
export async function taintedLabelsOfChains(db: DbOrTrx, roots: number[]): Promise<string[]> {
  if (roots.length === 0) return [];
  const rows = await db
    .selectFrom("capsules")
    .select(["integrity_label"])
    .where((eb) => eb.or([eb("id", "in", roots), eb("root_capsule_id", "in", roots)]))
    .where("integrity_label", "in", ["misleading", "fraudulent"])
    .execute();
  return [...new Set(rows.map((row) => row.integrity_label))];
}

/** The titles of these capsules by id (as decimal strings). */
export async function titlesOf(db: DbOrTrx, ids: number[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  return new Map((await db.selectFrom("capsules").select(["id", "title"]).where("id", "in", ids).execute()).map((c) => [String(c.id), c.title]));
}

/** These capsules with their chain's root and their outlet's slug. */
export async function capsulesWithOutlet(db: DbOrTrx, ids: number[]): Promise<Array<{ id: number; root_capsule_id: number | null; slug: string }>> {
  if (ids.length === 0) return [];
  return db.selectFrom("capsules as c").innerJoin("outlets as o", "o.id", "c.outlet_id").select(["c.id", "c.root_capsule_id", "o.slug"]).where("c.id", "in", ids).execute();
}

/** The finalized versions of these revision chains. */
export async function finalizedOfChains(db: DbOrTrx, roots: number[]): Promise<Array<{ id: number; root_capsule_id: number | null }>> {
  if (roots.length === 0) return [];
  return db
    .selectFrom("capsules")
    .select(["id", "root_capsule_id"])
    .where((eb) => eb.or([eb("id", "in", roots), eb("root_capsule_id", "in", roots)]))
    .where("finalized_at", "is not", null)
    .execute();
}
