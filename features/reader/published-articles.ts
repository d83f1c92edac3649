import "server-only";
import { createHash } from "node:crypto";
import { articleExcerpt } from "@/lib/markdown/plain-text";
import { keptResults } from "@/lib/markdown/kept-results";
import type { Db, DbOrTrx } from "@/lib/db/database";
import { byRank, feedRank, type Ranking, type Standing } from "@/features/distribution/feed-rank";
import { outletStanding } from "@/features/distribution/outlet-report";
import { tierRank, type Tier } from "@/features/distribution/penalty-downgrade";
import type { IntegrityLabel } from "@/lib/db/tables/capsules.table";
import { chainDates, openVersionsOfChains, outletsByIds, publishedPage, publishedRowsByIds, rankingCandidates, type PublishedRow } from "./published-articles.repository";
import { courtCaseOfChain, courtRecordOfChain, latestFinding, type ReaderCourtCase } from "./reader-article";
import type { RuledClaim } from "./article-notices";
import { ruledClaimsOfChain } from "./ruled-claims";

export type ArticleFilter = {
  outletSlug?: string;
  label?: IntegrityLabel;
  page: number;
  limit: number;
  activeOutletsOnly?: boolean;
  /** Ranked listings only: leave out outlets below this tier (the JSON Feed is an Elevated channel). */
  minTier?: Tier;
};

export type PublishedArticle = {
  capsuleId: string;
  /** The first version of its revision chain: a feed entry keeps this id through corrections. */
  rootId: string;
  title: string;
  /** The article's language code (`en`, `pt-BR`…). */
  language: string;
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
  /** When the chain's first version was finalized (the article's publication). */
  firstPublishedAt: number;
  /** The latest of this version's finalization and the chain's last label change (a feed entry's `updated`). */
  updatedAt: number;
  underVote: { capsuleId: string; capsuleType: string; closesAt: string } | null;
  courtCase: ReaderCourtCase | null;
  /** The claims a court ruled on (final findings), named in feeds beside the label. */
  ruledClaims: RuledClaim[];
};

export type ArticlePage = { items: PublishedArticle[]; page: number; limit: number; total: number; hasMore: boolean };

/**
 * The latest finalized version of each article (revision chain), newest first: a chain whose
 * correction is under vote or was rejected is listed with its last finalized version.
 */
export async function publishedArticles(db: DbOrTrx, filter: ArticleFilter): Promise<ArticlePage> {
  const offset = (filter.page - 1) * filter.limit;
  const { rows, total } = await publishedPage(db, filter, offset, filter.limit);
  const items = await toArticles(db, rows);
  return { items, page: filter.page, limit: filter.limit, total, hasMore: offset + items.length < total };
}

/**
 * Excerpts already made, by the SHA-256 of the text they were made from (2,000 of them). Parsing a body is the costly
 * part of a listing (about 1.7 s of CPU for a body of 200,000 characters on a small machine), and the front page,
 * outlet pages and feeds are built on every request: without this, ten long articles made each front page cost seconds.
 */
const excerpts = keptResults<string>(2000);

function listingExcerpt(standfirst: string | null, body: string): string {
  const key = createHash("sha256").update(`${(standfirst ?? "").length}:${standfirst ?? ""}`).update(body).digest("base64");
  return excerpts(key, () => articleExcerpt({ standfirst, body }));
}

async function toArticles(db: DbOrTrx, rows: PublishedRow[]): Promise<PublishedArticle[]> {
  const roots = rows.map((row) => row.root_capsule_id ?? row.id);
  const [pending, dates] = await Promise.all([openVersionsOfChains(db, roots), chainDates(db, [...new Set(roots)])]);
  return Promise.all(
    rows.map(async (row): Promise<PublishedArticle> => {
      const root = row.root_capsule_id ?? row.id;
      const finalizedAt = row.finalized_at ?? 0;
      const { firstFinalizedAt, labelChangedAt } = dates.get(root) ?? { firstFinalizedAt: null, labelChangedAt: null };
      const open = pending.find((p) => (p.root_capsule_id ?? p.id) === root && p.revision_number > row.revision_number);
      return {
        capsuleId: String(row.id),
        rootId: String(root),
        title: row.title,
        language: row.language,
        summary: row.summary ?? row.subtitle ?? "",
        excerpt: listingExcerpt(row.summary || row.subtitle, row.body),
        outletSlug: row.outlet_slug,
        outletName: row.outlet_name,
        category: row.category,
        body: row.body,
        submitter: row.submitter,
        integrityLabel: row.integrity_label,
        capsuleType: row.capsule_type,
        revisionNumber: row.revision_number,
        revisionReason: row.revision_reason,
        finalizedAt,
        firstPublishedAt: Math.min(finalizedAt, firstFinalizedAt ?? finalizedAt),
        updatedAt: Math.max(finalizedAt, labelChangedAt ?? 0),
        underVote: open ? { capsuleId: String(open.id), capsuleType: open.capsule_type, closesAt: String(open.closes_at ?? 0) } : null,
        // after a correction the label no longer names the court, but the finding stays with the article
        courtCase:
          row.integrity_label === "clean" ? null
          : row.integrity_label === "corrected" || row.integrity_label === "retracted_by_author" ? latestFinding(await courtRecordOfChain(db, root))
          : await courtCaseOfChain(db, root),
        // a clean article was never ruled on: no look-up
        ruledClaims: row.integrity_label === "clean" ? [] : await ruledClaimsOfChain(db, root),
      };
    }),
  );
}

/** Articles considered for the ranked listings: the newest this many (older ones have decayed out of sight). */
export const RANKED_CANDIDATES = 500;

export type RankedArticle = PublishedArticle & { ranking: Ranking };
export type RankedPage = Omit<ArticlePage, "items"> & { items: RankedArticle[] };

/**
 * The front page's and the network feeds' order: the newest RANKED_CANDIDATES articles ordered by
 * the feed score (features/distribution/feed-rank.ts), each with the reasons for its position.
 */
export async function rankedArticles(db: Db, filter: ArticleFilter, now: number): Promise<RankedPage> {
  const candidates = await rankingCandidates(db, filter, RANKED_CANDIDATES);
  const outletIds = [...new Set(candidates.map((c) => c.outlet_id))];
  const outlets = await outletsByIds(db, outletIds);
  const standings = new Map<number, Standing>();
  for (const outlet of outlets) standings.set(outlet.id, await outletStanding(db, outlet, now));
  const minRank = filter.minTier ? tierRank(filter.minTier) : 0;
  // recency counts from the article's first publication: a correction does not bring an old article back to the top
  const dates = await chainDates(db, [...new Set(candidates.map((c) => Number(c.root)))]);
  const ranked = candidates
    .filter((c) => tierRank(standings.get(c.outlet_id)!.tier) >= minRank)
    .map((c) => {
      const publishedAt = dates.get(Number(c.root))?.firstFinalizedAt ?? c.finalized_at ?? 0;
      return { id: c.id, finalizedAt: publishedAt, ranking: feedRank({ publishedAt, integrityLabel: c.integrity_label, standing: standings.get(c.outlet_id)! }, now) };
    })
    .sort(byRank);
  const offset = (filter.page - 1) * filter.limit;
  const slice = ranked.slice(offset, offset + filter.limit);
  const rows = await publishedRowsByIds(db, filter, slice.map((r) => r.id));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const kept = slice.flatMap((r) => {
    const row = byId.get(r.id);
    return row ? [{ row, ranking: r.ranking }] : [];
  });
  const articles = await toArticles(db, kept.map((k) => k.row));
  const items = articles.map((article, i) => ({ ...article, ranking: kept[i]!.ranking }));
  return { items, page: filter.page, limit: filter.limit, total: ranked.length, hasMore: offset + items.length < ranked.length };
}
