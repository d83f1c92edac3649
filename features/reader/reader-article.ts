import "server-only";
import type { DbOrTrx } from "@/lib/db/database";
import type { CapsuleRow } from "@/lib/db/tables/capsules.table";
import type { CourtCaseRow } from "@/lib/db/tables/court.table";
import type { TCapsuleResponse } from "@/features/capsules/capsules.schema";
import { findCapsule, listChain } from "@/features/capsules/capsules.repository";
import { capsuleReadResponse } from "@/features/capsules/capsule-view";
import { rootIdOf } from "@/features/capsules/chain-order";
import { relatedArticles, type RelatedArticle } from "./related-articles";
import { whatChangedIn, type WhatChanged } from "./reader-history";
import { isPublished, latestPublished, revisionUnderVote } from "./reader-chain";
import { claimCorrections, readerManifest, type ClaimCorrection, type ReaderManifest } from "./reader-claims";
import { listClaims } from "@/features/capsules/capsule-claims.repository";
import { listCapsuleVotes, memberDisplayNames, voteReasonsOf } from "@/features/voting/capsule-votes.repository";
import { voteItem } from "@/features/voting/vote-list";
import { selfGivenNames } from "./reader.repository";
import { readerContributors } from "@/features/capsules/credit-name";
import type { TVoteItem } from "@/features/voting/capsule-votes.schema";
import { findOutletById } from "@/features/outlets/outlets.repository";
import { casesOfChain } from "@/features/court/court.repository";
import { briefGrounds } from "@/features/court/brief-grounds";
import { UNFILED_GROUNDS } from "@/features/court/unfiled-grounds";

/**
 * `passage`: the sentence the case challenged, when it named one (else the claims or the article as a whole).
 * `grounds`: why the case was opened, brief (`briefGrounds`; `groundsCut`: the case page has the rest); null when its
 * challenger filed none (the bridge filed the case under placeholder grounds, `UNFILED_GROUNDS`).
 */
export type ReaderCourtCase = {
  caseId: string;
  /** the version the case was opened on */ capsuleId: string;
  status: "open" | "closed";
  verdict: string | null;
  rationale: string | null;
  finding: string | null;
  passage: string | null;
  grounds: string | null;
  groundsCut: boolean;
  openedAt: string;
  closedAt: string | null;
};

export type ReaderArticle = {
  read: TCapsuleResponse;
  outletName: string;
  /** The chain's latest finalized version (may be this one). */
  currentId: string;
  /** When the chain's first version was finalized (unix seconds): the article's publication, whichever version this is. */
  firstPublishedAt: string;
  currentType: string;
  /** A correction/retraction being voted on after the current version. */
  underVote: { capsuleId: string; capsuleType: string; closesAt: string } | null;
  /** The open case of the chain, else the latest decided one. */
  courtCase: ReaderCourtCase | null;
  /** Every case of the chain, newest first: findings stay on every version, whatever the label now. */
  courtRecord: ReaderCourtCase[];
  /** For a correction: its word diff against the published version it replaced. */
  whatChanged: WhatChanged | null;
  /** Published capsules this one supports, cites… and those that cite it. */
  related: RelatedArticle[];
  /** The manifest committed on chain at submission (null for capsules submitted before manifests). */
  manifest: ReaderManifest | null;
  /**
   * The manifest hash the chain committed for this version when this site cannot serve those bytes (its vault lost
   * them, or holds others): `manifest` is then null, though the version has a manifest; null otherwise.
   */
  unservedManifestHash: string | null;
  /** Later published corrections that name this version's claims. */
  claimCorrections: ClaimCorrection[];
  /** For a correction or retraction: the claims of the version it replaced that it names ("claim N of revision R"). */
  correctsClaims: { revisionNumber: number; capsuleId: string; ordinals: number[] } | null;
  /** How the editors voted: each vote in chain order with its signed reason (the first READER_VOTES), and how many there were. */
  votes: { items: TVoteItem[]; total: number };
};

const READER_VOTES = 100;

async function editorsVotes(db: DbOrTrx, row: CapsuleRow): Promise<ReaderArticle["votes"]> {
  const { rows, total } = await listCapsuleVotes(db, row.id, { offset: 0, limit: READER_VOTES });
  const voters = [...new Set(rows.map((v) => v.voter))];
  const [memberNames, ownNames, reasons] = await Promise.all([memberDisplayNames(db, row.outlet_slug, voters), selfGivenNames(db, voters), voteReasonsOf(db, row.id, voters)]);
  // the name the editor gave itself on its own articles (as its author page shows it) first, else the
  // one it was last credited with at this outlet (docs/DECISIONS.md, "Display names")
  const names = new Map(voters.flatMap((voter) => {
    const name = ownNames.get(voter.toLowerCase()) ?? memberNames.get(voter);
    return name ? [[voter, name] as const] : [];
  }));
  return { items: rows.map((v) => voteItem(v, names, reasons)), total };
}

const readerCase = (row: CourtCaseRow): ReaderCourtCase => ({
  ...briefOf(row.grounds),
  caseId: String(row.id),
  capsuleId: String(row.capsule_id),
  status: row.status,
  verdict: row.verdict,
  rationale: row.rationale,
  finding: row.finding ?? null,
  passage: row.claim,
  openedAt: String(row.opened_at),
  closedAt: row.closed_at === null ? null : String(row.closed_at),
});

const briefOf = (grounds: string) => {
  if (grounds === UNFILED_GROUNDS) return { grounds: null, groundsCut: false };
  const brief = briefGrounds(grounds);
  return { grounds: brief.text, groundsCut: brief.cut };
};

/** Every court case of a revision chain, newest first (whichever version it was opened on). */
export async function courtRecordOfChain(db: DbOrTrx, rootId: number): Promise<ReaderCourtCase[]> {
  const cases: CourtCaseRow[] = await casesOfChain(db, rootId);
  return cases.map(readerCase);
}

/** The case behind the chain's court label: the open one, else the latest decided. */
export const caseBehindLabel = (record: ReaderCourtCase[]): ReaderCourtCase | null => record.find((c) => c.status === "open") ?? record[0] ?? null;

/**
 * The latest decided case (a clerk's one-line finding, or a jury's verdict): what the badge and the embed
 * keep saying after a correction. A case that ended without a finding (the retired clerk court) is none.
 */
export const latestFinding = (record: ReaderCourtCase[]): ReaderCourtCase | null => record.find((c) => c.status === "closed" && (c.finding || c.verdict)) ?? null;

export async function courtCaseOfChain(db: DbOrTrx, rootId: number): Promise<ReaderCourtCase | null> {
  return caseBehindLabel(await courtRecordOfChain(db, rootId));
}

/**
 * What /read/:id shows, or undefined for a 404: an unknown id, a draft, and anything not finalized on
 * chain (pending, rejected, accepted but not finalized) are not articles.
 */
export async function readerArticle(db: DbOrTrx, id: number, origin: string): Promise<ReaderArticle | undefined> {
  const row: CapsuleRow | undefined = await findCapsule(db, id);
  if (!row || !isPublished(row)) return undefined;
  const chain = await listChain(db, rootIdOf(row));
  const current = latestPublished(chain) ?? row;
  const pending = revisionUnderVote(chain);
  const [read, outlet, courtRecord, related] = await Promise.all([
    capsuleReadResponse(db, row, origin),
    findOutletById(db, row.outlet_id),
    courtRecordOfChain(db, rootIdOf(row)),
    relatedArticles(db, row.id),
  ]);
  const outletName = outlet?.name ?? row.outlet_slug;
  const manifest = await readerManifest(row, read);
  return {
    // the manifest and the corrections below are read from the capsule as stored; only the names shown change
    read: { ...read, contributors: readerContributors(read.contributors, outletName) },
    outletName,
    currentId: String(current.id),
    firstPublishedAt: String(Math.min(...chain.flatMap((version) => (version.finalized_at === null ? [] : [version.finalized_at])), row.finalized_at ?? 0)),
    currentType: current.capsule_type,
    underVote: pending ? { capsuleId: String(pending.id), capsuleType: pending.capsule_type, closesAt: String(pending.closes_at ?? 0) } : null,
    courtCase: caseBehindLabel(courtRecord),
    courtRecord,
    whatChanged: whatChangedIn(chain, row),
    related,
    manifest,
    unservedManifestHash: row.manifest_hash && !manifest ? row.manifest_hash : null,
    claimCorrections: claimCorrections(row, chain, read),
    correctsClaims: await correctedOrdinals(db, row, chain),
    votes: await editorsVotes(db, row),
  };
}

async function correctedOrdinals(db: DbOrTrx, row: CapsuleRow, chain: CapsuleRow[]): Promise<ReaderArticle["correctsClaims"]> {
  const ids = new Set(JSON.parse(row.corrects_claims_json) as number[]);
  const parent = chain.find((c) => c.id === row.parent_capsule_id);
  if (ids.size === 0 || !parent) return null;
  const ordinals = (await listClaims(db, parent.id)).filter((claim) => ids.has(claim.id)).map((claim) => claim.ordinal);
  return { revisionNumber: parent.revision_number, capsuleId: String(parent.id), ordinals };
}
