import "server-only";
import type { DbOrTrx } from "@/lib/db/database";
import type { IntegrityLabel } from "@/lib/db/tables/capsules.table";
import { creditedPublishedVersions } from "@/features/reader/reader.repository";
import { selfGivenName } from "./self-given-name";

// /authors/:wallet — a contributor's published record: the articles they are credited on (the
// latest published version of each), with labels, and how many were corrected, retracted or found
// wanting by the integrity court. Only what was finalized on chain counts; drafts stay private.
//
// A credit is written by whoever submits the capsule (security review 3, item 2): anyone may name any
// wallet, under any display name. So the page speaks for the wallet only with what the wallet itself
// signed: its name comes from a credit on a version it submitted (else its short address), and its
// record counts only articles of which it submitted a credited version. Articles where only others
// credit it are listed apart, as "credited by others", and count in no record.

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
  /**
   * What the wallet was credited as on the versions it submitted itself (role and outlet, newest first): how the page
   * names a wallet without a self-given name, as the bylines of those articles do ("a journalist at …").
   */
  creditedAs: Array<{ role: number; outletName: string }>;
  /** Articles of which the wallet submitted a credited version: its own record. */
  articles: AuthorArticle[];
  /** Articles where only other submitters credit the wallet: not in its record. */
  creditedByOthers: AuthorArticle[];
  record: { published: number; corrected: number; retracted: number; courtFindings: number };
};

const COURT_FINDINGS: IntegrityLabel[] = ["misleading", "fraudulent"];

type CreditedRow = Awaited<ReturnType<typeof creditedPublishedVersions>>[number];

const toArticle = (row: CreditedRow): AuthorArticle => ({
  capsuleId: String(row.id),
  title: row.title,
  outletSlug: row.outletSlug,
  outletName: row.outletName,
  integrityLabel: row.label,
  finalizedAt: Number(row.finalizedAt),
  revisionNumber: row.revisionNumber,
  capsuleType: row.capsuleType,
  contribution: row.contribution,
});

const newestFirst = (a: CreditedRow, b: CreditedRow) => Number(b.finalizedAt) - Number(a.finalizedAt) || b.id - a.id;

export async function authorRecord(db: DbOrTrx, wallet: string): Promise<AuthorRecord | undefined> {
  const lower = wallet.toLowerCase();
  const rows = await creditedPublishedVersions(db, lower);
  if (rows.length === 0) return undefined;
  const signedBySelf = (row: CreditedRow) => row.submitter.toLowerCase() === lower;
  // one entry per article: the newest published version the author is credited on
  const byRoot = new Map<number, CreditedRow>();
  const ownRoots = new Set<number>();
  for (const row of rows) {
    const root = row.root ?? row.id;
    if (signedBySelf(row)) ownRoots.add(root);
    const held = byRoot.get(root);
    if (!held || row.revisionNumber > held.revisionNumber) byRoot.set(root, row);
  }
  const latest = [...byRoot.entries()].sort(([, a], [, b]) => newestFirst(a, b));
  const articles = latest.filter(([root]) => ownRoots.has(root)).map(([, row]) => toArticle(row));
  const creditedByOthers = latest.filter(([root]) => !ownRoots.has(root)).map(([, row]) => toArticle(row));
  return {
    wallet: lower,
    displayName: selfGivenName(rows, lower),
    creditedAs: rows
      .filter(signedBySelf)
      .sort((a, b) => Number(b.creditedAt) - Number(a.creditedAt) || b.creditId - a.creditId)
      .map((row) => ({ role: row.role, outletName: row.outletName })),
    articles,
    creditedByOthers,
    record: {
      published: articles.length,
      corrected: articles.filter((a) => a.revisionNumber > 0 && a.capsuleType !== "retraction").length,
      retracted: articles.filter((a) => a.capsuleType === "retraction" || a.integrityLabel === "retracted_by_author").length,
      courtFindings: articles.filter((a) => COURT_FINDINGS.includes(a.integrityLabel)).length,
    },
  };
}
