import "server-only";
import { sql } from "kysely";
import { articleExcerpt } from "@/lib/markdown/plain-text";
import type { DbOrTrx } from "@/lib/db/database";
import type { CapsuleRow, IntegrityLabel } from "@/lib/db/tables/capsules.table";
import { courtCaseOfChain, courtRecordOfChain, latestFinding, type ReaderCourtCase } from "./reader-article";

export type ArticleFilter = { outletSlug?: string; label?: IntegrityLabel; page: number; limit: number; activeOutletsOnly?: boolean };

export type PublishedArticle = {
  capsuleId: string;
  title: string;
  summary: string;
  /** Plain text for listings and feeds: the standfirst, else the opening prose of the rendered body. */
  excerpt: string;
  outletSlug: string;
  outletName: string;
  category: string | null;
  body: string;
  submitter: string;
  integrityLabel: IntegrityLabel;
  capsuleType: string;
  revisionNumber: number;
  revisionReason: string | null;
  finalizedAt: number;
  underVote: { capsuleId: string; capsuleType: string; closesAt: string } | null;
  courtCase: ReaderCourtCase | null;
};

export type ArticlePage = { items: PublishedArticle[]; page: number; limit: number; total: number; hasMore: boolean };

const rootOf = sql<number>`coalesce(c.root_capsule_id, c.id)`;

/**
 * The latest finalized version of each article (revision chain), newest first: a chain whose
 * correction is under vote or was rejected is listed with its last finalized version.
 */
export async function publishedArticles(db: DbOrTrx, filter: ArticleFilter): Promise<ArticlePage> {
  let base = db
    .selectFrom("capsules as c")
    .innerJoin("outlets as o", "o.id", "c.outlet_id")
    .where("c.finalized_at", "is not", null)
    .where("c.status", "in", ["finalized", "superseded"])
    .where(
      sql<boolean>`not exists (select 1 from capsules n where coalesce(n.root_capsule_id, n.id) = ${rootOf} and n.finalized_at is not null and n.status in ('finalized', 'superseded') and n.revision_number > c.revision_number)`,
    );
  if (filter.activeOutletsOnly ?? true) base = base.where("o.status", "=", "active");
  if (filter.outletSlug) base = base.where("o.slug", "=", filter.outletSlug);
  if (filter.label) base = base.where("c.integrity_label", "=", filter.label);
  const offset = (filter.page - 1) * filter.limit;
  const [rows, count] = await Promise.all([
    base
      .selectAll("c")
      .select(["o.name as outlet_name"])
      .orderBy("c.finalized_at", "desc")
      .orderBy("c.id", "desc")
      .offset(offset)
      .limit(filter.limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<string | number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  const roots = rows.map((row) => row.root_capsule_id ?? row.id);
  const pending: CapsuleRow[] =
    roots.length === 0
      ? []
      : await db
          .selectFrom("capsules as c")
          .selectAll()
          .where(rootOf, "in", roots)
          .where("c.status", "in", ["pending", "accepted"])
          .execute();
  const items = await Promise.all(
    rows.map(async (row): Promise<PublishedArticle> => {
      const root = row.root_capsule_id ?? row.id;
      const open = pending.find((p) => (p.root_capsule_id ?? p.id) === root && p.revision_number > row.revision_number);
      return {
        capsuleId: String(row.id),
        title: row.title,
        summary: row.summary ?? row.subtitle ?? "",
        excerpt: articleExcerpt({ standfirst: row.summary || row.subtitle, body: row.body }),
        outletSlug: row.outlet_slug,
        outletName: row.outlet_name,
        category: row.category,
        body: row.body,
        submitter: row.submitter,
        integrityLabel: row.integrity_label,
        capsuleType: row.capsule_type,
        revisionNumber: row.revision_number,
        revisionReason: row.revision_reason,
        finalizedAt: row.finalized_at ?? 0,
        underVote: open ? { capsuleId: String(open.id), capsuleType: open.capsule_type, closesAt: String(open.closes_at ?? 0) } : null,
        // after a correction the label no longer names the court, but the finding stays with the article
        courtCase:
          row.integrity_label === "clean" ? null
          : row.integrity_label === "corrected" || row.integrity_label === "retracted_by_author" ? latestFinding(await courtRecordOfChain(db, root))
          : await courtCaseOfChain(db, root),
      };
    }),
  );
  const total = Number(count.n);
  return { items, page: filter.page, limit: filter.limit, total, hasMore: offset + items.length < total };
}
