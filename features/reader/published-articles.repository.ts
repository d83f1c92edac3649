import "server-only";
import { sql, type ExpressionBuilder } from "kysely";
import type { DB, DbOrTrx } from "@/lib/db/database";
import type { CapsuleRow, IntegrityLabel } from "@/lib/db/tables/capsules.table";
import type { OutletRow } from "@/lib/db/tables/outlets.table";

// The rows of the published articles: the latest finalized version of each revision chain.

export type PublishedFilter = { outletSlug?: string; label?: IntegrityLabel; activeOutletsOnly?: boolean };
export type PublishedRow = CapsuleRow & { outlet_name: string };

const rootOf = sql<number>`coalesce(c.root_capsule_id, c.id)`;

function publishedBase(db: DbOrTrx, filter: PublishedFilter) {
  let base = db
    .selectFrom("capsules as c")
    .innerJoin("outlets as o", "o.id", "c.outlet_id")
    .where("c.finalized_at", "is not", null)
    .where("c.status", "in", ["finalized", "superseded"])
    .where(
      // a later version is always a revision (the root is version 0), so the root index finds it; a filter on
      // coalesce(n.root_capsule_id, n.id) read every finalized capsule for each row of the list
      sql<boolean>`not exists (select 1 from capsules n where n.root_capsule_id = ${rootOf} and n.revision_number > c.revision_number and n.finalized_at is not null and n.status in ('finalized', 'superseded'))`,
    );
  if (filter.activeOutletsOnly ?? true) base = base.where("o.status", "=", "active");
  if (filter.outletSlug) base = base.where("o.slug", "=", filter.outletSlug);
  if (filter.label) base = base.where("c.integrity_label", "=", filter.label);
  return base;
}

/** One page of published articles, newest first, and how many there are. */
export async function publishedPage(db: DbOrTrx, filter: PublishedFilter, offset: number, limit: number): Promise<{ rows: PublishedRow[]; total: number }> {
  const base = publishedBase(db, filter);
  const [rows, count] = await Promise.all([
    base.selectAll("c").select(["o.name as outlet_name"]).orderBy("c.finalized_at", "desc").orderBy("c.id", "desc").offset(offset).limit(limit).execute(),
    base.select((eb) => eb.fn.countAll<string | number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** The newest `limit` published articles, as the ranking needs them. */
export function rankingCandidates(db: DbOrTrx, filter: PublishedFilter, limit: number) {
  return publishedBase(db, filter)
    .select(["c.id", "c.finalized_at", "c.integrity_label", "c.outlet_id", rootOf.as("root")])
    .orderBy("c.finalized_at", "desc")
    .orderBy("c.id", "desc")
    .limit(limit)
    .execute();
}

/** These published articles (ids from rankingCandidates), in no particular order. */
export async function publishedRowsByIds(db: DbOrTrx, filter: PublishedFilter, ids: number[]): Promise<PublishedRow[]> {
  if (ids.length === 0) return [];
  return publishedBase(db, filter).selectAll("c").select(["o.name as outlet_name"]).where("c.id", "in", ids).execute();
}

/** The versions still under vote or accepted (not yet finalized) in these revision chains. */
export async function openVersionsOfChains(db: DbOrTrx, roots: number[]): Promise<CapsuleRow[]> {
  if (roots.length === 0) return [];
  return db.selectFrom("capsules as c").selectAll().where(inChains(roots)).where("c.status", "in", ["pending", "accepted"]).execute();
}

/** The rows of these revision chains, by primary key and the root index (a filter on coalesce(…) reads every capsule). */
function inChains(roots: number[]) {
  return (eb: ExpressionBuilder<{ c: DB["capsules"] }, "c">) =>
    eb.or([eb.and([eb("c.root_capsule_id", "is", null), eb("c.id", "in", roots)]), eb("c.root_capsule_id", "in", roots)]);
}

/**
 * Per revision chain: when its first version was finalized, and when its label last changed (null when it never
 * did). A feed entry is the chain: it keeps the first date as its publication and is updated by a label change.
 */
export async function chainDates(db: DbOrTrx, roots: number[]): Promise<Map<number, { firstFinalizedAt: number | null; labelChangedAt: number | null }>> {
  const dates = new Map<number, { firstFinalizedAt: number | null; labelChangedAt: number | null }>(roots.map((root) => [root, { firstFinalizedAt: null, labelChangedAt: null }]));
  if (roots.length === 0) return dates;
  const [finalized, labels] = await Promise.all([
    db
      .selectFrom("capsules as c")
      .select([rootOf.as("root"), (eb) => eb.fn.min<number>("c.finalized_at").as("at")])
      .where(inChains(roots))
      .where("c.finalized_at", "is not", null)
      .groupBy(rootOf)
      .execute(),
    db
      .selectFrom("integrity_label_history")
      .select(["root_capsule_id as root", (eb) => eb.fn.max<number>("created_at").as("at")])
      .where("root_capsule_id", "in", roots)
      .groupBy("root_capsule_id")
      .execute(),
  ]);
  for (const row of finalized) if (row.at !== null) dates.get(Number(row.root))!.firstFinalizedAt = Number(row.at);
  for (const row of labels) if (row.at !== null) dates.get(Number(row.root))!.labelChangedAt = Number(row.at);
  return dates;
}

export async function outletsByIds(db: DbOrTrx, ids: number[]): Promise<OutletRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom("outlets").selectAll().where("id", "in", ids).execute();
}
