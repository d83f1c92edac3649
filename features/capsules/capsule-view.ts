import { zeroAddress } from "viem";
import type { DbOrTrx } from "@/lib/db/database";
import type { CapsuleRow, ClaimRow, ContributorRow, EvidenceRow } from "@/lib/db/tables/capsules.table";
import { listClaims } from "@/features/capsules/capsule-claims.repository";
import type { OutletRow } from "@/lib/db/tables/outlets.table";
import { listChain } from "@/features/capsules/capsules.repository";
import { listContributors, listEvidence } from "@/features/capsules/capsules-parts.repository";
import { listCapsuleOutbox } from "@/lib/db/repositories/operator-outbox.repository";
import { operatorTxObject } from "@/features/capsules/operator-tx-view";
import { AppError } from "@/lib/errors/app-error";
import { policyById, POLICY_NOTE, type Policy } from "@/features/capsules/policy";
import { tally } from "@/features/capsules/tally";
import { ZCapsuleObject, ZCapsuleResponse, ZEvidenceObject, type TCapsuleObject, type TCapsuleResponse } from "@/features/capsules/capsules.schema";
import { outletSummary } from "@/features/outlets/outlet-record";
import { currentOfChain, latestPublished, rootIdOf } from "./chain-order";
import { claimObject } from "./claim-view";
import { rulingsOfCases, type ClaimRuling } from "./claim-rulings";
import { capsuleReadPartsPostgres, capsuleWithReadPartsPostgres, type CapsuleReadParts } from "./capsule-read.repository";
import { canSee, getVisibleCapsuleOrThrow, notFound, type Viewer } from "./draft-visibility.repository";
import { juryCasesFiledOn } from "@/features/court/jury.repository";
import { isPostgres } from "@/lib/db/bulk-insert";
import { neverOnChain } from "@/features/capsules/never-on-chain";
import { findOutletById } from "@/features/outlets/outlets.repository";
import { parseFeatureImage } from "@/features/capsules/feature-image";
import { vaultDownloadPath } from "@/lib/api/vault-path";

// Rows → the seed's read objects. Unset times are "0", unset addresses the zero address.

const time = (value: number | null): string => String(value ?? 0);

export function capsulePolicy(row: CapsuleRow): Policy {
  const base = policyById(row.policy_id);
  if (row.window_seconds === null) return base;
  return {
    policyId: row.policy_id,
    approvalThreshold: row.approval_threshold ?? base.approvalThreshold,
    quorumThreshold: row.quorum_threshold ?? base.quorumThreshold,
    votingWindowSeconds: row.window_seconds,
  };
}

/** The tally fields of the read's `capsule` object (also what GET /api/live pushes after a vote). */
export function capsuleTally(row: Pick<CapsuleRow, "yes_votes" | "no_votes" | "eligible_weight">) {
  return tally({ yes: BigInt(row.yes_votes), no: BigInt(row.no_votes), eligibleWeight: BigInt(row.eligible_weight ?? "0") });
}

export function capsuleObject(row: CapsuleRow): TCapsuleObject {
  return ZCapsuleObject.parse({
    id: String(row.id),
    outletSlug: row.outlet_slug,
    articleSlug: row.article_slug,
    title: row.title,
    metadataURI: row.metadata_uri,
    contentHash: row.content_hash,
    submitter: row.submitter,
    status: row.status,
    capsuleType: row.capsule_type,
    policyId: row.policy_id,
    trustedPublisherAtSubmit: row.trusted_publisher_at_submit === 1,
    ...capsuleTally(row),
    opensAt: time(row.opens_at),
    closesAt: time(row.closes_at),
    acceptedAt: time(row.accepted_at),
    finalizedAt: time(row.finalized_at),
    finalizedArticleId: row.finalized_article_id ?? "0",
    rootCapsuleId: String(rootIdOf(row)),
    parentCapsuleId: row.parent_capsule_id === null ? null : String(row.parent_capsule_id),
    revisionNumber: row.revision_number,
    finalizedBy: row.finalized_by ?? zeroAddress,
    integrityLabel: row.integrity_label,
    eligibleWeight: row.eligible_weight ?? "0",
    snapshotBlock: row.snapshot_block === null ? null : String(row.snapshot_block),
    manifestHash: row.manifest_hash,
    evidenceRoot: row.evidence_root,
    submitTxHash: row.submit_tx_hash,
    finalizeTxHash: row.finalize_tx_hash,
    closedAt: time(row.closed_at),
    createdAt: time(row.created_at),
    updatedAt: time(row.updated_at),
  });
}

export const evidenceObject = (row: EvidenceRow) =>
  ZEvidenceObject.parse({
    evidenceId: String(row.id),
    capsuleId: String(row.capsule_id),
    evidenceType: row.evidence_type,
    isPrimary: row.is_primary === 1,
    label: row.label,
    mimeType: row.mime_type,
    contentHash: row.content_hash,
    uri: row.uri,
    submittedBy: row.submitted_by,
    createdAt: time(row.created_at),
    active: row.active === 1,
  });

const contributorObject = (row: ContributorRow) => ({
  contributorId: String(row.id),
  capsuleId: String(row.capsule_id),
  wallet: row.wallet,
  displayName: row.display_name,
  role: row.role,
  contributionType: row.contribution_type,
  shareBps: row.share_bps,
  attributionURI: row.attribution_uri ?? "",
  createdAt: time(row.created_at),
  active: row.active === 1,
});

/** Finalized on chain at some point (as services/reader's isPublished, which this folder may not import): /read/:id serves it. */
const isPublished = (row: CapsuleRow) => row.finalized_at !== null && (row.status === "finalized" || row.status === "superseded");

function contentStatus(row: CapsuleRow): string {
  if (row.integrity_label === "retracted_by_author") return "retracted";
  if (row.status === "finalized" || row.status === "superseded") return "published";
  return "unpublished";
}

/** Everything GET /api/capsules/:id is built from (the rows; operator transactions already in their public form). */
export type CapsuleReadRows = {
  row: CapsuleRow;
  outlet: OutletRow;
  evidence: EvidenceRow[];
  contributors: ContributorRow[];
  claims: ClaimRow[];
  /** Each disputed claim's finding and label from the capsule's jury cases. */
  rulings: Map<string, ClaimRuling>;
  chain: CapsuleRow[];
  operatorTxs: ReturnType<typeof operatorTxObject>[];
};

export async function loadCapsuleRead(db: DbOrTrx, row: CapsuleRow): Promise<CapsuleReadRows> {
  const prefetched = partsReadWith.get(row);
  partsReadWith.delete(row);
  const parts = prefetched ?? (isPostgres(db) ? await capsuleReadPartsPostgres(db, row, rootIdOf(row)) : await capsuleReadParts(db, row));
  if (!parts.outlet) throw new AppError("OUTLET_NOT_FOUND", `The outlet of capsule ${row.id} no longer exists`);
  const { outlet, evidence, contributors, claims, juryCases, chain, outbox } = parts;
  return { row, outlet, evidence, contributors, claims, rulings: rulingsOfCases(juryCases), chain, operatorTxs: outbox.map(operatorTxObject) };
}

// The parts read in the same statement as their capsule's row (PostgreSQL), for loadCapsuleRead of that very row
// object; taken once, so a row kept for later never brings parts from an earlier moment with it.
const partsReadWith = new WeakMap<CapsuleRow, CapsuleReadParts>();

/**
 * The capsule of a by-id read when this viewer may see it, else the 404 of a missing id (as
 * getVisibleCapsuleOrThrow). On PostgreSQL the rest of its read comes in the same statement: a by-id read
 * is one round trip, where a round trip's protocol work is a large part of its CPU.
 */
export async function visibleCapsuleForRead(db: DbOrTrx, id: number, viewer: Viewer): Promise<CapsuleRow> {
  if (!isPostgres(db)) return getVisibleCapsuleOrThrow(db, id, viewer);
  const read = await capsuleWithReadPartsPostgres(db, id);
  if (!read || !canSee(read.row, viewer)) throw notFound(id);
  partsReadWith.set(read.row, read.parts);
  return read.row;
}

/** The parts of a capsule read from the separate repository reads (SQLite answers each in-process, without a round trip). */
export async function capsuleReadParts(db: DbOrTrx, row: CapsuleRow): Promise<CapsuleReadParts> {
  const [outlet, evidence, contributors, claims, juryCases, chain, outbox] = await Promise.all([
    findOutletById(db, row.outlet_id),
    listEvidence(db, row.id),
    listContributors(db, row.id),
    listClaims(db, row.id),
    juryCasesFiledOn(db, row.id),
    listChain(db, rootIdOf(row)),
    listCapsuleOutbox(db, row.id),
  ]);
  return { outlet, evidence, contributors, claims, juryCases, chain, outbox };
}

/**
 * What the read answer depends on, for its entity tag: every row it is built from, except that of
 * the other chain members only the fields the answer uses (their bodies would only cost hashing).
 */
export function capsuleReadVersion({ row, outlet, evidence, contributors, claims, rulings, chain, operatorTxs }: CapsuleReadRows): unknown {
  return [row, outlet, evidence, contributors, claims, [...rulings], chain.map((c) => [c.id, c.revision_number, c.status]), operatorTxs];
}

/** Settled capsules (their tally and status no longer move) may be served from a shared cache for a while. */
export const isSettled = (row: CapsuleRow): boolean => row.status === "finalized" || row.status === "rejected" || row.status === "superseded";

/** The full read response of GET /api/capsules/:id. */
export async function capsuleReadResponse(db: DbOrTrx, row: CapsuleRow, origin: string): Promise<TCapsuleResponse> {
  return buildCapsuleRead(await loadCapsuleRead(db, row), origin);
}

export function buildCapsuleRead(rows: CapsuleReadRows, origin: string): TCapsuleResponse {
  return ZCapsuleResponse.parse(capsuleReadBody(rows, origin));
}

function featureImageView(json: string | null) {
  const image = parseFeatureImage(json);
  return image ? { ...image, url: vaultDownloadPath(image.contentHash.slice(2)) } : null;
}

/**
 * The read response before its schema parse: for the route, whose wrapper parses every answer
 * with the endpoint's response schema (ZCapsuleResponse) anyway.
 */
export function capsuleReadBody({ row, outlet, evidence, contributors, claims, rulings, chain, operatorTxs }: CapsuleReadRows, origin: string) {
  const current = currentOfChain(chain);
  const published = latestPublished(chain);
  const policy = capsulePolicy(row);
  const outletView = { ...outletSummary(outlet), outletName: outlet.name };
  const isCurrent = current.id === row.id;
  return {
    ok: true,
    found: true,
    source: "capsule-bridge",
    capsuleId: String(row.id),
    capsule: capsuleObject(row),
    policy: { note: POLICY_NOTE, ...policy },
    outlet: outletView,
    content: {
      capsuleId: String(row.id),
      contentHash: row.content_hash,
      contentType: "article",
      // readers' page once published (/read/:id answers 404 before), the desk's page before
      contentURI: isPublished(row) ? `${origin}/read/${row.id}` : `${origin}/capsules/${row.id}`,
      createdAt: time(row.created_at),
      createdBy: row.submitter,
      exists: true,
      language: row.language,
      metadataURI: row.metadata_uri,
      ...outletSummary(outlet),
      status: contentStatus(row),
      subtitle: row.subtitle ?? "",
      summary: row.summary ?? "",
      title: row.title,
      visibility: "public",
      articleSlug: row.article_slug,
      body: row.body,
      category: row.category,
      tags: JSON.parse(row.tags_json) as string[],
      sourceUrl: row.source_url,
      rightsNotes: row.rights_notes,
      featureImage: featureImageView(row.feature_image_json),
    },
    evidence: evidence.map(evidenceObject),
    contributors: contributors.map(contributorObject),
    claims: claims.map((claim) => claimObject(claim, row.body, rulings.get(String(claim.id)))),
    revision: {
      capsuleId: String(row.id),
      currentCapsuleId: String(current.id),
      publishedCapsuleId: published ? String(published.id) : null,
      rootCapsuleId: String(rootIdOf(row)),
      parentCapsuleId: row.parent_capsule_id === null ? null : String(row.parent_capsule_id),
      revisionNumber: row.revision_number,
      revisionReason: row.revision_reason,
      changeSummaryURI: row.change_summary_uri,
      correctsClaimIds: (JSON.parse(row.corrects_claims_json) as number[]).map(String),
      history: chain.filter((c) => c.revision_number < row.revision_number && !neverOnChain(c)).map((c) => String(c.id)),
      revisionFeePaid: row.revision_fee_paid,
      createdAt: time(row.created_at),
      createdBy: row.submitter,
      current: isCurrent,
      status: isCurrent ? "current" : row.status,
    },
    operatorTransactions: operatorTxs,
    // the revision a save names in `ifRevision` (POST /api/capsules/update); a submitted capsule is edited no more
    ...(row.status === "draft" ? { draftRevision: row.draft_revision } : {}),
  };
}
