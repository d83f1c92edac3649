import type { Generated, Insertable, Selectable, Updateable } from "kysely";

export type CapsuleStatus = "draft" | "pending" | "accepted" | "rejected" | "finalized" | "superseded";
export type CapsuleType = "original" | "correction" | "retraction" | "supporting";
export type IntegrityLabel = "clean" | "verified" | "contested" | "unresolved" | "misleading" | "fraudulent" | "corrected" | "retracted_by_author";

/** A capsule: draft content in SQL plus the projection of its chain lifecycle. Unset times are null. */
export interface CapsuleTable {
  id: Generated<number>;
  outlet_id: number;
  outlet_slug: string;
  article_slug: string;
  title: string;
  subtitle: string | null;
  summary: string | null;
  language: string;
  category: string | null;
  tags_json: string;
  source_url: string | null;
  body: string;
  rights_notes: string | null;
  /** The feature image, a vault object: JSON {contentHash, mimeType, alt} (features/capsules/feature-image.ts); NULL for none. */
  feature_image_json: Generated<string | null>;
  metadata_uri: string;
  content_hash: string;
  /** Checksummed address of the author (the creating wallet). */
  submitter: string;
  status: CapsuleStatus;
  capsule_type: CapsuleType;
  policy_id: string;
  trusted_publisher_at_submit: Generated<number>;
  window_seconds: number | null;
  approval_threshold: number | null;
  quorum_threshold: number | null;
  /** wei, decimal string; snapshot at voucher issue. */
  eligible_weight: string | null;
  /** Deadline of the last submission voucher issued (block time); edits wait until it passes. */
  voucher_deadline: number | null;
  opens_at: number | null;
  /** VotingOpened.snapshotBlock: the block whose RoleRegistry checkpoints make the electorate (NULL before the window opens). */
  snapshot_block: Generated<number | null>;
  /** ArticleRegistry.ManifestCommitted: SHA-256 of the manifest's canonical bytes (NULL before the submission is indexed). */
  manifest_hash: Generated<string | null>;
  /** ArticleRegistry.ManifestCommitted: Merkle root over the manifest's evidence items (bytes32 zero when none). */
  evidence_root: Generated<string | null>;
  /** A correction's or retraction's list of the parent's claim ids it corrects (JSON array of numbers). */
  corrects_claims_json: Generated<string>;
  closes_at: number | null;
  accepted_at: number | null;
  finalized_at: number | null;
  /** Block time of finalization or rejection on chain, or of an author's withdrawal of a draft. */
  closed_at: number | null;
  finalized_article_id: string | null;
  finalized_by: string | null;
  submit_tx_hash: string | null;
  /** The transaction that closed voting (finalizeCapsule or closeCapsule). */
  finalize_tx_hash: string | null;
  /** null for the original of a chain (its own id is the root). */
  root_capsule_id: number | null;
  parent_capsule_id: number | null;
  revision_number: Generated<number>;
  revision_reason: string | null;
  change_summary_uri: string | null;
  revision_fee_paid: Generated<string>;
  integrity_label: Generated<IntegrityLabel>;
  yes_votes: Generated<string>;
  no_votes: Generated<string>;
  created_at: number;
  updated_at: number;
  /** Moves by one on every save of a draft's content (docs/DECISIONS.md, "Draft saves check the revision they edit"). */
  draft_revision: Generated<number>;
}

export interface CapsuleEvidenceTable {
  id: Generated<number>;
  capsule_id: number;
  uri: string;
  content_hash: string;
  evidence_type: string;
  mime_type: string;
  is_primary: number;
  label: string;
  submitted_by: string;
  active: number;
  created_at: number;
}

export interface CapsuleContributorTable {
  id: Generated<number>;
  capsule_id: number;
  wallet: string;
  display_name: string;
  role: number;
  contribution_type: string;
  share_bps: number;
  attribution_uri: string | null;
  active: number;
  created_at: number;
}

export interface CapsuleSupportingTable {
  id: Generated<number>;
  capsule_id: number;
  supporting_capsule_id: number;
  relationship_type: string;
  created_by: string;
  created_at: number;
}

export type ClaimType = "statistic" | "quote" | "event" | "attribution" | "other";

/** A statement of the article (issue 27), anchored by a W3C TextQuoteSelector; ordinals run 1..n per capsule. */
export interface CapsuleClaimTable {
  id: Generated<number>;
  capsule_id: number;
  ordinal: number;
  exact: string;
  prefix: Generated<string>;
  suffix: Generated<string>;
  claim_type: ClaimType;
  /** JSON array of capsule_evidence ids, in the claim's order. */
  evidence_ids_json: Generated<string>;
  note: string | null;
  created_by: string;
  created_at: number;
}

/** Projection of CapsuleAcceptance.VoteCast; one row per voter and capsule. */
export interface CapsuleVoteTable {
  id: Generated<number>;
  capsule_id: number;
  voter: string;
  support: number;
  weight: string;
  tx_hash: string;
  log_index: number;
  block_time: number;
}

/** A voter's signed public reason (EIP-712 VoteReason, bound to the ballot's nonce); kept by the bridge, not projected. */
export interface CapsuleVoteReasonTable {
  capsule_id: number;
  voter: string;
  support: number;
  ballot_nonce: string;
  reason: string;
  signature: string;
  created_at: number;
}

/** One row (id 1), moved by triggers whenever a status-filtered list's rows can change (insert, delete, status or outlet). */
export interface CapsuleListVersionTable {
  id: number;
  version: number;
}

export interface CapsuleTables {
  capsules: CapsuleTable;
  capsule_evidence: CapsuleEvidenceTable;
  capsule_contributors: CapsuleContributorTable;
  capsule_supporting: CapsuleSupportingTable;
  capsule_votes: CapsuleVoteTable;
  capsule_vote_reasons: CapsuleVoteReasonTable;
  capsule_list_version: CapsuleListVersionTable;
  capsule_claims: CapsuleClaimTable;
}

export type CapsuleRow = Selectable<CapsuleTable>;
export type NewCapsule = Insertable<CapsuleTable>;
export type CapsuleUpdate = Updateable<CapsuleTable>;
export type EvidenceRow = Selectable<CapsuleEvidenceTable>;
export type NewEvidence = Insertable<CapsuleEvidenceTable>;
export type ContributorRow = Selectable<CapsuleContributorTable>;
export type NewContributor = Insertable<CapsuleContributorTable>;
export type SupportingRow = Selectable<CapsuleSupportingTable>;
export type VoteRow = Selectable<CapsuleVoteTable>;
export type VoteReasonRow = Selectable<CapsuleVoteReasonTable>;
export type ClaimRow = Selectable<CapsuleClaimTable>;
export type NewClaim = Insertable<CapsuleClaimTable>;
