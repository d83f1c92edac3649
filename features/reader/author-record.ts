import "server-only";
import type { DbOrTrx } from "@/lib/db/database";
import type { IntegrityLabel } from "@/lib/db/tables/capsules.table";
import { creditedPublishedVersions } from "@/features/reader/reader.repository";

// /authors/:wallet — a contributor's published record: the articles they are credited on (the
// latest published version of each), with labels, and how many were corrected, retracted or found
// wanting by the integrity court. Only what was finalized on chain counts; drafts stay private.

export type AuthorArticle = {
  capsuleId: string;
  title: string;
  outletSlug: string;
  outletName: string;
  integrityLabel: IntegrityLabel;
  finalizedAt: number;
  revisionNumber: number;
  capsuleType: string;
  contribution: string;
};

export type AuthorRecord = {
  wallet: string;
  displayName: string | null;
  articles: AuthorArticle[];
  record: { published: number; corrected: number; retracted: number; courtFindings: number };
};

const COURT_FINDINGS: IntegrityLabel[] = ["misleading", "fraudulent"];

export async function authorRecord(db: DbOrTrx, wallet: string): Promise<AuthorRecord | undefined> {
  const lower = wallet.toLowerCase();
  const rows = await creditedPublishedVersions(db, lower);
  if (rows.length === 0) return undefined;
  // one entry per article: the newest published version the author is credited on
  const byRoot = new Map<number, (typeof rows)[number]>();
  for (const row of rows) {
    const root = row.root ?? row.id;
    const held = byRoot.get(root);
    if (!held || row.revisionNumber > held.revisionNumber) byRoot.set(root, row);
  }
  const articles = [...byRoot.values()]
    .sort((a, b) => Number(b.finalizedAt) - Number(a.finalizedAt) || b.id - a.id)
    .map((row) => ({
      capsuleId: String(row.id),
      title: row.title,
      outletSlug: row.outletSlug,
      outletName: row.outletName,
      integrityLabel: row.label,
      finalizedAt: Number(row.finalizedAt),
      revisionNumber: row.revisionNumber,
      capsuleType: row.capsuleType,
      contribution: row.contribution,
    }));
  const named = [...rows].sort((a, b) => Number(b.creditedAt) - Number(a.creditedAt)).find((row) => row.displayName.trim() && row.displayName.toLowerCase() !== lower);
  return {
    wallet: lower,
    displayName: named?.displayName.trim() ?? null,
    articles,
    record: {
      published: articles.length,
      corrected: articles.filter((a) => a.revisionNumber > 0 && a.capsuleType !== "retraction").length,
      retracted: articles.filter((a) => a.capsuleType === "retraction" || a.integrityLabel === "retracted_by_author").length,
      courtFindings: articles.filter((a) => COURT_FINDINGS.includes(a.integrityLabel)).length,
    },
  };
}
